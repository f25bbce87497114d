import { MENU_TREE, MSG, walkMenuTree, type FunCode } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_PERMISSION_TEXT, NO_PERMISSION_TITLE } from '../features/shell/pages/no-permission-page';
import { useSession } from '../lib/session-store';
import { envelope, hangingAnswer, installFetch } from '../test/fetch-stand-in';
import { loginResultWith, sessionMenu } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { mayOpen, needsSignIn } from './route-guard';
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

  it('opens a page inside the layout, titled by the route table', async () => {
    // issue 18 built the last placeholder page: /checkReport without a batch says so and calls nothing
    const { router } = renderApp('/checkReport?page=2');
    expect(await screen.findByRole('heading', { name: '检验报告' })).toBeTruthy();
    expect(screen.getByText('未指定提交批次')).toBeTruthy();
    expect(screen.getByText('工厂生产检测管理平台')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkReport');
    await waitFor(() => expect(document.title).toBe('检验报告 - 工厂生产检测管理平台'));
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

/** A role holding only 产线检测 (with the given buttons) and 产品中心 (none), as a sub-user would. */
function lineWorker(taskButtons: FunCode[] = []) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '产线检测', url: '/productionCenter', level: 2, sequence: 1, funcBotton: taskButtons }),
    sessionMenu({ id: 3, pId: 1, name: '产品中心', url: '/productCenter', level: 2, sequence: 2 }),
  ]);
}

const noPermission = () => screen.findByRole('alert', { name: NO_PERMISSION_TITLE });

describe('route guard on a page the role does not hold', () => {
  // Each of these used to fail in its own way (暂无产线, a toast and 暂无角色, a form without 新增).
  it.each([
    ['/productionLine', '产线管理'],
    ['/role', '角色列表'],
    ['/account', '用户列表'],
    ['/dataCenter', '数据中心'],
    ['/basicInfo', '新建任务'],
    ['/productionTaskDetail?id=4', '任务详情'],
    ['/dataWatch?id=4', '数据看板'],
    ['/productPotion?id=2', '属性定义'],
  ])('%s shows the one no-permission page and asks the server nothing', async (path, title) => {
    const seen = installFetch(() => ({ body: envelope(null) }));
    useSession.getState().signIn(lineWorker());
    renderApp(path);

    const page = await noPermission();
    expect(within(page).getByText(NO_PERMISSION_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: title })).toBeNull();
    // Let a mounted page's queries start, were there one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
  });

  it('keeps the layout, and 返回首页 opens the first page of the role’s menu', async () => {
    const user = userEvent.setup();
    installFetch(hangingAnswer);
    useSession.getState().signIn(lineWorker());
    const { router } = renderApp('/productionLine');

    await noPermission();
    expect(screen.getByRole('menu', { name: '主菜单' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
    expect(await screen.findByRole('heading', { name: '产线检测' })).toBeTruthy();
    expect(useSession.getState().activeMenuUrl).toBe('/productionCenter');
  });

  it('shows it outside the layout too: /print without 导出生产码', async () => {
    const seen = installFetch(() => ({ body: envelope(null) }));
    useSession.getState().signIn(lineWorker(['detail']));
    renderApp('/print?id=4');
    await noPermission();
    expect(screen.queryByRole('menu', { name: '主菜单' })).toBeNull();
    expect(seen).toEqual([]);
  });

  it('opens the task form to create with 新增 only, and to edit with 编辑 only', () => {
    const basicInfo = ROUTES.find((route) => route.path === '/basicInfo')!;
    const holding = (buttons: string[]) => ({ platformAdmin: false, funCodes: { '/productionCenter': buttons } });
    const create = new URLSearchParams('');
    const edit = new URLSearchParams('id=4');
    expect(mayOpen(basicInfo, create, holding(['add']))).toBe(true);
    expect(mayOpen(basicInfo, edit, holding(['add']))).toBe(false);
    expect(mayOpen(basicInfo, create, holding(['edit']))).toBe(false);
    expect(mayOpen(basicInfo, edit, holding(['edit']))).toBe(true);
    expect(mayOpen(basicInfo, create, holding([]))).toBe(false);
    // The platform administrator holds everything; a page of no menu opens for anyone.
    expect(mayOpen(basicInfo, create, { platformAdmin: true, funCodes: {} })).toBe(true);
    expect(mayOpen({ menuUrl: null }, create, { platformAdmin: false, funCodes: {} })).toBe(true);
  });

  it('opens the DTU task pages with 配件管理 or 通信模块, and with neither refuses them', () => {
    const none = new URLSearchParams('');
    const holding = (...menus: string[]) => ({ platformAdmin: false, funCodes: Object.fromEntries(menus.map((menu) => [menu, []])) });
    for (const path of ['/dtuTask', '/rework', '/dtuTaskWatch', '/dtuTaskWatchDetail', '/dtuTaskDataWatch', '/checkLog']) {
      const page = ROUTES.find((route) => route.path === path)!;
      expect([path, mayOpen(page, none, holding('/parts'))]).toEqual([path, true]);
      expect([path, mayOpen(page, none, holding('/communication'))]).toEqual([path, true]);
      expect([path, mayOpen(page, none, holding('/productionCenter'))]).toEqual([path, false]);
    }
    // the property page of a part's DTU stays 配件管理's alone
    expect(mayOpen(ROUTES.find((route) => route.path === '/partsPotion')!, none, holding('/communication'))).toBe(false);
  });

  it('opens a page of a held menu that no button leads to (生产记录)', async () => {
    installFetch(hangingAnswer);
    useSession.getState().signIn(lineWorker());
    renderApp('/productionLog?id=4');
    expect(await screen.findByRole('heading', { name: '生产记录' })).toBeTruthy();
    expect(screen.queryByRole('alert', { name: NO_PERMISSION_TITLE })).toBeNull();
  });
});

describe('route table buttons', () => {
  it('names only buttons that the page’s menu offers', () => {
    const offered = new Map<string, readonly string[]>();
    walkMenuTree((menu) => offered.set(menu.url, menu.funCodes ?? []), MENU_TREE);
    for (const route of ROUTES) {
      if (!route.buttons) continue;
      const named = 'create' in route.buttons ? [...route.buttons.create, ...route.buttons.edit] : route.buttons;
      expect(route.menuUrl, route.path).not.toBeNull();
      for (const code of named) expect(offered.get(route.menuUrl!), `${route.path} ${code}`).toContain(code);
    }
    expect(ROUTES.filter((route) => route.buttons).map((route) => route.path)).toEqual([
      '/print',
      '/productionTaskDetail',
      '/basicInfo',
      '/flowInfo',
      '/dataWatch',
      '/productDetail',
      '/productPotion',
      '/productFlow',
      '/productPush',
    ]);
  });
});
