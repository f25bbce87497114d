import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { useSession } from '../../../lib/session-store';
import { seededMenuTree } from '../../../test/account-role-fixtures';
import { envelope, installFetch } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { MenuPage } from './menu-page';

function renderPage() {
  render(
    <Providers>
      <MenuPage />
    </Providers>,
  );
}

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'td span' });
  return cell.closest('tr')!;
};
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('menu list', () => {
  it('shows the whole tree read only, open down to level 2', async () => {
    const seen = installFetch(() => ({ body: envelope(seededMenuTree()) }));
    renderPage();

    expect(screen.getByRole('heading', { name: '菜单列表' })).toBeTruthy();
    expect(cells(await rowOf('平台管理'))).toEqual(['平台管理', '菜单', '-', '-', '3', '1']);
    expect(cells(await rowOf('产线管理'))).toEqual(['产线管理', '菜单', '/productionLine', '-', '1', '2']);
    // level 3 and the buttons stay folded until their parent is opened
    expect(screen.queryByText('用户列表', { selector: 'td span' })).toBeNull();
    expect(screen.queryByText('重置密码', { selector: 'td span' })).toBeNull();
    expect(seen[0]?.url).toBe('/api/menu/getMenuTree?withFunction=true');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('opens a page to show its buttons with their function codes', async () => {
    const user = userEvent.setup();
    installFetch(() => ({ body: envelope(seededMenuTree()) }));
    renderPage();

    const system = await rowOf('系统管理');
    await user.click(within(system).getByRole('button', { name: /展开/ }));
    const account = await rowOf('用户列表');
    expect(cells(account)).toEqual(['用户列表', '菜单', '/account', '-', '1', '3']);
    await user.click(within(account).getByRole('button', { name: /展开/ }));
    expect(cells(await rowOf('重置密码'))).toEqual(['重置密码', '按钮', '-', 'resetPassword', '6', '4']);
  });

  it('marks the station app menus 终端应用', async () => {
    installFetch(() => ({ body: envelope(seededMenuTree()) }));
    renderPage();

    expect(within(await rowOf('PAD APP')).getByText('终端应用')).toBeTruthy();
    expect(within(await rowOf('PDA APP')).getByText('终端应用')).toBeTruthy();
    expect(within(await rowOf('平台管理')).queryByText('终端应用')).toBeNull();
  });

  it('says 暂无菜单 for an empty tree', async () => {
    installFetch(() => ({ body: envelope([]) }));
    renderPage();
    expect(await screen.findByText('暂无菜单')).toBeTruthy();
  });
});
