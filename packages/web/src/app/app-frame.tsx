import { Spin } from 'antd';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChangePasswordDialog } from '../features/session/components/change-password-dialog';
import { APP_TITLE } from '../lib/app-title';
import { useCurrentPage } from '../lib/page-handle';
import { useSession } from '../lib/session-store';
import { RouteGuard } from './route-guard';
import { PUBLIC_PATHS } from './route-table';

const stayOpen = () => undefined;

/**
 * The root of every route: the guard, the session's loading overlay and the
 * browser tab title. The overlay sits here rather than in the layout so the flag
 * also covers /print, which opts out with noMask like /productionCenter.
 */
export function AppFrame() {
  const loading = useSession((state) => state.loading);
  const signedIn = useSession((state) => state.token !== null);
  // A session on the default password must pick a new one before anything else (DESIGN.md §2).
  const mustChangePassword = useSession((state) => state.mustChangePassword);
  const { pathname } = useLocation();
  const page = useCurrentPage();
  const title = page?.title;

  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);

  // Until then no page (nor the layout's menu and search) is mounted: behind the dialog
  // they only loaded to be refused, a dashboard of zeros and a row of 403s (issue 13).
  // The public pages stay, so the sign-in page can finish its own navigation.
  if (signedIn && mustChangePassword && !PUBLIC_PATHS.has(pathname)) {
    return (
      <RouteGuard>
        <main className="forced-password" aria-label="修改初始密码">
          <ChangePasswordDialog open forced onClose={stayOpen} />
        </main>
      </RouteGuard>
    );
  }

  return (
    <RouteGuard>
      <Outlet />
      {loading && !page?.noMask && <Spin fullscreen spinning />}
    </RouteGuard>
  );
}
