import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useDtu } from '../api/get-dtu';
import { DtuSummary } from '../components/dtu-summary';
import { DtuTaskList } from '../components/dtu-task-list';
import { TrailHeader } from '../components/trail-header';
import { type DtuContext, dtuContextOf, dtuTaskTrail, dtuTaskUrls, idOf, PARTS_MENU } from '../dtu-tasks-view';
import './dtu-task-pages.css';

/**
 * The two lists of a DTU's tasks (seed 002 §2): /dtuTask, and /rework for its rework
 * tasks (配件型号 for the name, duplicates always allowed, 返回 to /dtuTask).
 */
export function DtuTaskListPage({ rework }: { rework: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const context = dtuContextOf(params);
  const dtuId = idOf(context.dtuId);
  // isAdd=yes opens the new-task panel once: read on arrival, then dropped from the
  // address so that a reload (or 返回 to it) does not open it again
  const [addOnArrival] = useState(() => !rework && params.get('isAdd') === 'yes');
  useEffect(() => {
    if (!addOnArrival) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('isAdd');
        return next;
      },
      { replace: true },
    );
  }, [addOnArrival, setParams]);

  const title = rework ? '返工模式' : 'DTU任务';
  const back = context.partsId
    ? { backTo: dtuTaskUrls.partsDetail(context), backLabel: '返回配件详情' }
    : { backTo: PARTS_MENU, backLabel: '返回配件管理' };
  return (
    <div className="dtu-task-page">
      <TrailHeader
        title={title}
        trail={dtuTaskTrail(context, rework)}
        extra={
          rework && (
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(dtuTaskUrls.taskList(context))}>
              返回
            </Button>
          )
        }
      />
      {dtuId === null ? (
        <MissingQuery title="未指定DTU" hint="请从配件详情的DTU卡片点击“任务列表”打开" {...back} />
      ) : (
        <DtuBody dtuId={dtuId} context={context} rework={rework} addOnArrival={addOnArrival} back={back} />
      )}
    </div>
  );
}

interface DtuBodyProps {
  dtuId: number;
  context: DtuContext;
  rework: boolean;
  addOnArrival: boolean;
  back: { backTo: string; backLabel: string };
}

function DtuBody({ dtuId, context, rework, addOnArrival, back }: DtuBodyProps) {
  const dtu = useDtu(dtuId);
  useQueryError(dtu.error);
  if (!dtu.data) {
    if (dtu.isError) return <LoadFailure error={dtu.error} what="DTU" onRetry={() => void dtu.refetch()} {...back} />;
    return <Loading />;
  }
  return (
    <>
      <DtuSummary dtu={dtu.data} />
      <DtuTaskList dtu={dtu.data} context={context} rework={rework} addOnArrival={addOnArrival} />
    </>
  );
}
