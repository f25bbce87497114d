import { MSG } from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../lib/session-store';
import { hangingAnswer, installFetch } from '../test/fetch-stand-in';
import { loginResultWith } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { needsSignIn } from './route-guard';
import { PUBLIC_PATHS, ROUTES } from './route-table';

beforeEach(() => useSession.getState().clear());

const at = async (router: ReturnType<typeof renderApp>['router'], pathname: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(pathname));

describe('route guard without a session', () => {
  it.each(['/productCenter', '/productionCenter', '/dataWatch', '/print', '/no/such/page', '/'])(
    '%s goes to /login',
    async (path) => {
      const { router } = renderApp(path);
      await at(router, '/login');
      expect(await screen.findByRole('textbox', { name: '用户名' })).toBeTruthy();
    },
  );

  it('opens /notFound, outside the layout', async () => {
    const { router } = renderApp('/notFound');
    expect(await screen.findByText(MSG.pageNotFound)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notFound');
    expect(screen.queryByRole('menu', { name: '主菜单' })).toBeNull();
  });

  it('opens /platformLogin', async () => {
    installFetch(hangingAnswer);
    const { router } = renderApp('/platformLogin?code=x');
    expect(await screen.findByText(MSG.platformEntering)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/platformLogin');
  });

  it('lets exactly /login, /platformLogin and /notFound through', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(['/login', '/notFound', '/platformLogin']);
    expect(ROUTES.map((route) => route.path).filter((path) => !needsSignIn(path, null))).toEqual([
      '/login',
      '/platformLogin',
      '/notFound',
    ]);
    expect(ROUTES.some((route) => needsSignIn(route.path, 'token'))).toBe(false);
  });
});

describe('route guard with a session', () => {
  beforeEach(() => useSession.getState().signIn(loginResultWith()));

  it('opens a page of a later issue as a placeholder inside the layout', async () => {
    const { router } = renderApp('/stockOut?page=2');
    expect(await screen.findByRole('heading', { name: '出库记录' })).toBeTruthy();
    expect(screen.getByText('该页面正在建设中')).toBeTruthy();
    expect(screen.getByText('工厂生产检测管理平台')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stockOut');
    await waitFor(() => expect(document.title).toBe('出库记录 - 工厂生产检测管理平台'));
  });

  it('shows an unknown path as the not-found page inside the layout', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText(MSG.pageNotFound)).toBeTruthy();
    expect(screen.getByRole('menu', { name: '主菜单' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('still sends / to /login', async () => {
    const { router } = renderApp('/');
    await at(router, '/login');
  });
});

describe('route table', () => {
  it('lists every page of the three specifications once, each with a title', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/login', '/platformLogin', '/print', '/dataCenter', '/productionFlowTestLog', '/checkReport']) {
      expect(paths).toContain(path);
    }
    expect(ROUTES.every((route) => route.title.length > 0)).toBe(true);
    expect(ROUTES.filter((route) => !route.layout).map((route) => route.path)).toEqual([
      '/login',
      '/platformLogin',
      '/print',
    ]);
    expect(ROUTES.filter((route) => route.hideHeader).map((route) => route.path)).toEqual([
      '/dataWatch',
      '/dtuTaskDataWatch',
    ]);
    expect(ROUTES.filter((route) => route.hideFooter).map((route) => route.path)).toEqual([
      '/dataCenter',
      '/dataWatch',
      '/dtuTaskDataWatch',
    ]);
    expect(ROUTES.filter((route) => route.fullscreenToggle).map((route) => route.path)).toEqual(['/dataCenter']);
    expect(ROUTES.filter((route) => route.noMask).map((route) => route.path)).toEqual(['/print', '/productionCenter']);
  });
});
