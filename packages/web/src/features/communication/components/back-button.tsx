import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';

/** What the grid hands the detail page it opens: its address, filters included. */
export interface BackState {
  back?: unknown;
}

/**
 * 返回 to the module grid: as it was left when the page was opened from it, else (a
 * typed or shared address) to `fallback`.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const state = useLocation().state as BackState | null;
  const back = typeof state?.back === 'string' && state.back.split('?')[0] === fallback ? state.back : fallback;
  return (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(back)}>
      返回
    </Button>
  );
}
