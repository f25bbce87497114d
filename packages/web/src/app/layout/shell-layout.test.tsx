import { MSG, SESSION_ENDPOINTS as SESSION } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store';
import { answer, installServer, rawAnswer } from '../../test/fake-server';
import { loginResultWith } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

beforeEach(() => {
  useSession.getState().clear();
  useSession.getState().signIn(loginResultWith({ token: 'layout-token', userName: 'operator_li' }));
});

const topMenu = () => screen.findByRole('menu', { name: '主菜单' });

describe('layout', () => {
  it('builds the top menu from the session, APP menus left out, in sequence order', async () => {
    renderApp('/checkLog');
    const menu = await topMenu();
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(['生产中心', '数据中心', '平台管理', '文档中心']);
    expect(within(menu).queryByText('PAD APP')).toBeNull();
    expect(within(menu).queryByText('PDA APP')).toBeNull();
  });

  it('opens a menu page on click and highlights it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/checkLog');
    const menu = await topMenu();
    await user.click(within(menu).getByRole('menuitem', { name: '数据中心' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dataCenter'));
    expect(useSession.getState().activeMenuUrl).toBe('/dataCenter');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: '数据中心' }).className).toContain('ant-menu-item-selected'),
    );
  });

  it('follows the page: a detail page highlights the menu it belongs to', async () => {
    renderApp('/terminalDetail?taskId=1&status=USE&type=PAD');
    expect(await screen.findByRole('heading', { name: '终端详情' })).toBeTruthy();
    await waitFor(() => expect(useSession.getState().activeMenuUrl).toBe('/terminalManage'));
  });

  it('shows the footer, but not on the dashboard, and the full-screen toggle only there', async () => {
    const { router } = renderApp('/checkLog');
    expect(await screen.findByText('ICP备案号：京ICP备00000000号')).toBeTruthy();
    expect(screen.getByText('© 2026 工厂生产检测管理平台 版权所有')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '全屏' })).toBeNull();

    await router.navigate('/dataCenter');
    expect(await screen.findByRole('button', { name: '全屏' })).toBeTruthy();
    expect(screen.queryByText('ICP备案号：京ICP备00000000号')).toBeNull();
  });

  it('hides header and footer on the watch boards', async () => {
    renderApp('/dataWatch?id=1');
    expect(await screen.findByRole('heading', { name: '数据看板' })).toBeTruthy();
    expect(screen.queryByRole('menu', { name: '主菜单' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'operator_li' })).toBeNull();
    expect(screen.queryByText('ICP备案号：京ICP备00000000号')).toBeNull();
  });

  it('covers the page while the session is loading, except on 产线检测', async () => {
    const { router, container } = renderApp('/checkLog');
    await screen.findByRole('heading', { name: '检测日志' });
    const overlay = () => document.body.querySelector('.ant-spin-fullscreen.ant-spin-spinning');
    expect(overlay()).toBeNull();
    useSession.getState().setLoading(true);
    await waitFor(() => expect(overlay()).not.toBeNull());

    await router.navigate('/productionCenter');
    await screen.findByRole('heading', { name: '产线检测' });
    await waitFor(() => expect(overlay()).toBeNull());
    expect(container).toBeTruthy();
  });

  it('logs out after confirmation, whatever the server says', async () => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.logout, () => rawAnswer({ status: 500, body: 'oops' })));
    const { router } = renderApp('/checkLog');

    await user.click(await screen.findByRole('button', { name: 'operator_li' }));
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    expect(await screen.findByText(MSG.logoutConfirm)).toBeTruthy();
    expect(seen).toEqual([]);
    await user.click(screen.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.loggedOut)).toBeTruthy();
    expect(seen[0]?.url).toBe(SESSION.logout.path);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.Authorization).toBe('Bearer layout-token');
    // The failed logout call is not reported.
    expect(screen.queryByText(MSG.serverError)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the session when logout is cancelled', async () => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.logout, null));
    const { router } = renderApp('/checkLog');

    await user.click(await screen.findByRole('button', { name: 'operator_li' }));
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    await user.click(await screen.findByRole('button', { name: '取消' }));

    // (happy-dom never ends antd's leave animation, so the closing dialog itself stays in the DOM.)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    expect(useSession.getState().token).toBe('layout-token');
    expect(router.state.location.pathname).toBe('/checkLog');
  });

  it('opens the change-password dialog from the user menu', async () => {
    const user = userEvent.setup();
    renderApp('/checkLog');
    await user.click(await screen.findByRole('button', { name: 'operator_li' }));
    await user.click(await screen.findByRole('menuitem', { name: '修改密码' }));
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('forces a new password first, with only the dialog mounted and no call made', async () => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.editPassword, null));
    useSession.getState().signIn(loginResultWith({ token: 'first-login', mustChangePassword: true }));
    // The dashboard: behind the dialog it used to load, show zeros and draw a row of 403s.
    const { router } = renderApp('/dataCenter');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    expect(within(dialog).getByText(MSG.passwordMustChange)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '关闭' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '取消' })).toBeNull();

    // Give a page every chance to mount and ask the server for something.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    expect(screen.queryByRole('menu', { name: '主菜单' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '数据中心' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'operator_li' })).toBeNull();
    expect(screen.queryByText('ICP备案号：京ICP备00000000号')).toBeNull();

    await user.type(within(dialog).getByLabelText('新密码'), 'NewPassw0rd');
    await user.type(within(dialog).getByLabelText('确认密码'), 'NewPassw0rd');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(seen.map((request) => request.url)).toEqual([SESSION.editPassword.path]);
    expect(seen[0]?.headers.Authorization).toBe('Bearer first-login');
    expect(useSession.getState().token).toBeNull();
  });

  it('leaves the sign-in page alone while its session must change the password', async () => {
    useSession.getState().signIn(loginResultWith({ mustChangePassword: true }));
    renderApp('/login');
    expect(await screen.findByRole('textbox', { name: '用户名' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '修改密码' })).toBeNull();
  });
});
