import { MENUS, MSG } from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { loginResultWith, sessionMenu } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

beforeEach(() => useSession.getState().clear());

describe('not-found page', () => {
  it('返回 opens the first menu page and marks it active', async () => {
    const user = userEvent.setup();
    // No level-1 page: the first page is the first level-2 one of the first group.
    const menus = [
      sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1, sequence: 2 }),
      sessionMenu({ id: 2, name: '生产中心', url: '/', level: 1, sequence: 1 }),
      sessionMenu({ id: 3, pId: 1, name: '产线管理', url: MENUS.productionLine, level: 2, sequence: 1 }),
      sessionMenu({ id: 4, pId: 2, name: '产线检测', url: MENUS.productionCenter, level: 2, sequence: 2 }),
      sessionMenu({ id: 5, pId: 2, name: '产品中心', url: MENUS.productCenter, level: 2, sequence: 1 }),
    ];
    useSession.getState().signIn(loginResultWith({}, menus));
    useSession.getState().setActiveMenu(MENUS.productionLine);
    const { router } = await renderPage('/notFound');

    expect(await screen.findByText(MSG.pageNotFound)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(MENUS.productCenter));
    // The product center opens (renderPage leaves every other page empty).
    expect(await screen.findByRole('main', { name: '其他页面' })).toBeTruthy();
    expect(useSession.getState().activeMenuUrl).toBe(MENUS.productCenter);
  });

  it('返回 goes to /login without a session', async () => {
    const user = userEvent.setup();
    const { router } = await renderPage('/notFound');
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
