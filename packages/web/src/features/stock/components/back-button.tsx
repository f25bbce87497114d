import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ReactNode } from 'react';

/** What a link of a list hands the page it opens: the list's address, filters and page included. */
interface BackState {
  back?: unknown;
}

/** A link to the level below that remembers the list it left (its filters live in its address). */
export function ForwardLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link to={to} state={{ back: `${location.pathname}${location.search}` } satisfies BackState}>
      {children}
    </Link>
  );
}

/**
 * 返回 to the level above: to the list as it was left when the page was opened from it,
 * else (a typed or shared address) to `fallback`, the level's plain address.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const state = useLocation().state as BackState | null;
  const path = fallback.split('?')[0] ?? fallback;
  const back = typeof state?.back === 'string' && state.back.split('?')[0] === path ? state.back : fallback;
  return (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(back)}>
      返回
    </Button>
  );
}
