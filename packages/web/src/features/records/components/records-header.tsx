import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';

/** The levels above every records page (seed 000 §2: 产线检测 → 生产记录 → 详情 → 流程 → 历史). */
export const RECORD_TRAIL = ['生产中心', '产线检测', '生产记录'] as const;

interface RecordsHeaderProps {
  title: string;
  /** the levels below 生产记录 down to this page */
  trail?: readonly string[];
  /** the page one level up, where 返回 goes */
  backTo: string;
  extra?: ReactNode;
}

/** Title, breadcrumb and the 返回 button to the level above. */
export function RecordsHeader({ title, trail = [], backTo, extra }: RecordsHeaderProps) {
  const navigate = useNavigate();
  return (
    <PageHeader
      title={title}
      breadcrumb={[...RECORD_TRAIL, ...trail]}
      extra={
        <>
          {extra}
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(backTo)}>
            返回
          </Button>
        </>
      }
    />
  );
}
