import { Spin } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { APP_TITLE } from '../lib/app-title';
import { useCurrentPage } from '../lib/page-handle';
import { useSession } from '../lib/session-store';
import { RouteGuard } from './route-guard';

/**
 * The root of every route: the guard, the session's loading overlay and the
 * browser tab title. The overlay sits here rather than in the layout so the flag
 * also covers /print, which opts out with noMask like /productionCenter.
 */
export function AppFrame() {
  const loading = useSession((state) => state.loading);
  const page = useCurrentPage();
  const title = page?.title;

  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);

  return (
    <RouteGuard>
      <Outlet />
      {loading && !page?.noMask && <Spin fullscreen spinning />}
    </RouteGuard>
  );
}
