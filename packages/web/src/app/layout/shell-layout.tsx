import { ConfigProvider, Layout, theme, type ThemeConfig } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ChangePasswordDialog } from '../../features/session/components/change-password-dialog';
import { TraceSearch } from '../../features/trace/components/trace-search';
import { APP_TITLE } from '../../lib/app-title';
import { useCurrentPage } from '../../lib/page-handle';
import { findFirstMenuUrl } from '../../lib/session-menus';
import { useSession } from '../../lib/session-store';
import { FullscreenToggle } from './fullscreen-toggle';
import { HeaderMenu } from './header-menu';
import { ShellFooter } from './shell-footer';
import { UserMenu } from './user-menu';
import './shell-layout.css';

// The header is dark: its buttons and dropdown take antd's dark palette instead of hand-made overrides.
const headerTheme: ThemeConfig = { algorithm: theme.darkAlgorithm };

export function ShellLayout() {
  const token = useSession((state) => state.token);
  const activeMenuUrl = useSession((state) => state.activeMenuUrl);
  const setActiveMenu = useSession((state) => state.setActiveMenu);
  const homeUrl = useSession((state) => findFirstMenuUrl(state.menus));
  const [passwordOpen, setPasswordOpen] = useState(false);
  const page = useCurrentPage();
  const menuUrl = page?.menuUrl ?? null;

  // The highlight follows the page, also when it was opened by a link or the address bar.
  useEffect(() => {
    if (menuUrl) setActiveMenu(menuUrl);
  }, [menuUrl, setActiveMenu]);

  // Only /notFound opens without a session (the guard sends every other path to /login).
  if (!token) {
    return (
      <main className="shell-bare">
        <Outlet />
      </main>
    );
  }

  return (
    <Layout className="shell">
      {!page?.hideHeader && (
        <Layout.Header className="shell-header">
          <Link className="shell-header__title" to={homeUrl ?? '/notFound'}>
            {APP_TITLE}
          </Link>
          <HeaderMenu selectedUrl={menuUrl ?? activeMenuUrl} />
          <ConfigProvider theme={headerTheme}>
            <div className="shell-header__tools">
              <TraceSearch />
              {page?.fullscreenToggle && <FullscreenToggle />}
              <UserMenu onChangePassword={() => setPasswordOpen(true)} />
            </div>
          </ConfigProvider>
        </Layout.Header>
      )}
      <Layout.Content className={page?.hideHeader ? 'shell-content shell-content--board' : 'shell-content'}>
        <Outlet />
      </Layout.Content>
      {!page?.hideFooter && <ShellFooter />}
      {/* Only the change asked for from the user menu: the forced one is the app frame's, with no page behind it. */}
      <ChangePasswordDialog open={passwordOpen} forced={false} onClose={() => setPasswordOpen(false)} />
    </Layout>
  );
}
