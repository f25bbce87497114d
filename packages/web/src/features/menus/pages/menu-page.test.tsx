import { MENU_ENDPOINTS as MENU, MENUS } from '@factory/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { seededMenuTree } from '../../../test/account-role-fixtures';
import { answer, installServer } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

const openPage = () => renderPage(MENUS.menu);

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'td span' });
  return cell.closest('tr')!;
};
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('menu list', () => {
  it('shows the whole tree read only, open down to level 2', async () => {
    const server = installServer(answer(MENU.menuTree, seededMenuTree()));
    await openPage();

    expect(screen.getByRole('heading', { name: '菜单列表' })).toBeTruthy();
    expect(cells(await rowOf('平台管理'))).toEqual(['平台管理', '菜单', '-', '-', '3', '1']);
    expect(cells(await rowOf('产线管理'))).toEqual(['产线管理', '菜单', '/productionLine', '-', '1', '2']);
    // level 3 and the buttons stay folded until their parent is opened
    expect(screen.queryByText('用户列表', { selector: 'td span' })).toBeNull();
    expect(screen.queryByText('重置密码', { selector: 'td span' })).toBeNull();
    expect(server.calls(MENU.menuTree)[0]?.query).toEqual({ withFunction: 'true' });
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('opens a page to show its buttons with their function codes', async () => {
    const user = userEvent.setup();
    installServer(answer(MENU.menuTree, seededMenuTree()));
    await openPage();

    const system = await rowOf('系统管理');
    await user.click(within(system).getByRole('button', { name: /展开/ }));
    const account = await rowOf('用户列表');
    expect(cells(account)).toEqual(['用户列表', '菜单', '/account', '-', '1', '3']);
    await user.click(within(account).getByRole('button', { name: /展开/ }));
    expect(cells(await rowOf('重置密码'))).toEqual(['重置密码', '按钮', '-', 'resetPassword', '6', '4']);
  });

  it('marks the station app menus 终端应用', async () => {
    installServer(answer(MENU.menuTree, seededMenuTree()));
    await openPage();

    expect(within(await rowOf('PAD APP')).getByText('终端应用')).toBeTruthy();
    expect(within(await rowOf('PDA APP')).getByText('终端应用')).toBeTruthy();
    expect(within(await rowOf('平台管理')).queryByText('终端应用')).toBeNull();
  });

  it('says 暂无菜单 for an empty tree', async () => {
    installServer(answer(MENU.menuTree, []));
    await openPage();
    expect(await screen.findByText('暂无菜单')).toBeTruthy();
  });
});
