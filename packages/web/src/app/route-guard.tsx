import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { NoPermissionPage } from '../features/shell/pages/no-permission-page';
import { useSession } from '../lib/session-store';
import { LOGIN_PATH, PUBLIC_PATHS, type PageButtons, type RouteEntry } from './route-table';

/** seed 000 §5: without a token only the public paths open; with one, every path does. */
export function needsSignIn(pathname: string, token: string | null): boolean {
  return !token && !PUBLIC_PATHS.has(pathname);
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const { pathname } = useLocation();
  if (needsSignIn(pathname, token)) return <Navigate to={LOGIN_PATH} replace />;
  return children;
}

/** What the guard reads from the session: the platform administrator holds every menu and button. */
export interface Holdings {
  platformAdmin: boolean;
  /** menu url -> the buttons held there; a url is present exactly when the menu is held */
  funCodes: Record<string, readonly string[]>;
}

function buttonsFor(buttons: PageButtons | undefined, search: URLSearchParams): readonly string[] {
  if (!buttons) return [];
  if ('create' in buttons) return search.has('id') ? buttons.edit : buttons.create;
  return buttons;
}

/**
 * Whether the route table lets this session open a page: its menu, and one of the
 * buttons that lead to it. Pages without a menu (sign-in, not found) open for everyone.
 */
export function mayOpen(
  entry: Pick<RouteEntry, 'menuUrl' | 'buttons' | 'orMenus'>,
  search: URLSearchParams,
  holdings: Holdings,
): boolean {
  if (entry.menuUrl === null || holdings.platformAdmin) return true;
  const held = holdings.funCodes[entry.menuUrl];
  // a page other menus open too needs one of them (such pages have no opening buttons)
  if (!held) return (entry.orMenus ?? []).some((menu) => holdings.funCodes[menu] !== undefined);
  const needed = buttonsFor(entry.buttons, search);
  return needed.length === 0 || needed.some((code) => held.includes(code));
}

/**
 * Wraps a page of the route table: without its menu or opening button the one
 * no-permission page shows instead, and the page is never mounted, so it makes
 * no call (issue 13: each page used to fail in its own way on a 403).
 */
export function guardedPage(Page: ComponentType, entry: Pick<RouteEntry, 'menuUrl' | 'buttons' | 'orMenus'>): ComponentType {
  function GuardedPage() {
    const [search] = useSearchParams();
    const platformAdmin = useSession((state) => state.platformAdmin);
    const funCodes = useSession((state) => state.funCodes);
    return mayOpen(entry, search, { platformAdmin, funCodes }) ? <Page /> : <NoPermissionPage />;
  }
  GuardedPage.displayName = `Guarded(${Page.displayName ?? Page.name})`;
  return GuardedPage;
}
