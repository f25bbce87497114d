import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session-store';
import { LOGIN_PATH, PUBLIC_PATHS } from './route-table';

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
