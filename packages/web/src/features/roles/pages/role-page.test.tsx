import { MENU_ENDPOINTS as MENU, MENUS, MSG, ROLE_ENDPOINTS as ROLE, type RoleDetail } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { menuNamed, menuNode, pageOfRows, roleRow, seededMenuTree } from '../../../test/account-role-fixtures';
import { answer, installServer } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith, sessionMenu } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

const stoppedRole = roleRow({ id: 31, roleName: '质检员', status: 0 });
const enabledRole = roleRow({ id: 32, roleName: '产线主管', status: 1 });
const menuTree = seededMenuTree();

const terminalManage = menuNode(menuTree, '/terminalManage');
const account = menuNode(menuTree, '/account');
const accountAdd = menuNode(menuTree, '/account', 'add');
const menuPage = menuNode(menuTree, '/menu');
const platform = menuNamed(menuTree, '平台管理');
const system = menuNamed(menuTree, '系统管理');

const detail: RoleDetail = {
  id: 31,
  roleName: '质检员',
  status: 0,
  roleMenuFunctionVOS: [
    { menuId: platform.id, funList: [] },
    { menuId: system.id, funList: [] },
    { menuId: account.id, funList: [accountAdd.id] },
    { menuId: menuPage.id, funList: [] },
  ],
};

function serve(rows = [stoppedRole, enabledRole]) {
  return installServer(
    answer(ROLE.roleList, pageOfRows(rows)),
    answer(MENU.menuTree, menuTree),
    answer(ROLE.roleDetail, detail),
    answer(ROLE.roleCopy, 33),
    answer(ROLE.roleCreate, 34),
    answer(ROLE.roleEdit, 31),
    answer(ROLE.roleChangeStatus, null),
    answer(ROLE.roleDelete, null),
  );
}

const openPage = () => renderPage(MENUS.role);

const rowOf = async (roleName: string) => {
  const cell = await screen.findByText(roleName, { selector: 'td' });
  return within(cell.closest('tr')!);
};

const buttonNames = (row: ReturnType<typeof within>) =>
  row.queryAllByRole('button').map((button: HTMLElement) => button.textContent);

// antd's ids are all 'test-id' under test, so a dialog is found by its title's text rather than its name.
const dialogTitled = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-confirm-title' });
  return within(heading.closest<HTMLElement>('[role="dialog"]')!);
};

const fieldError = async (label: string) => {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item')!;
  let text = '';
  await waitFor(() => {
    text = item.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
    expect(text).not.toBe('');
  });
  return text;
};

const treeNode = (title: string) => screen.getByTitle(title).closest<HTMLElement>('.ant-tree-treenode')!;
const treeCheckbox = (title: string) => treeNode(title).querySelector('.ant-tree-checkbox')!;

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('role list', () => {
  it('lists the roles with index, name, time and status', async () => {
    const server = serve();
    await openPage();

    expect(screen.getByRole('heading', { name: '角色列表' })).toBeTruthy();
    const row = await rowOf('质检员');
    expect(row.getByText('1')).toBeTruthy();
    expect(row.getByText('2026-03-01 09:30:00')).toBeTruthy();
    expect(row.getByText('停用')).toBeTruthy();
    expect((await rowOf('产线主管')).getByText('启用')).toBeTruthy();
    expect(server.calls(ROLE.roleList)[0]!.query).toEqual({ page: '1', pageSize: '10' });
  });

  it('searches by role name on Enter', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await rowOf('质检员');

    await user.type(screen.getByLabelText('搜索角色名'), '质检{Enter}');
    await waitFor(() => expect(server.calls(ROLE.roleList).at(-1)!.query).toEqual({ page: '1', pageSize: '10', roleName: '质检' }));
  });

  it('offers edit, enable and delete on a stopped role, stop on an enabled one, copy on both', async () => {
    serve();
    await openPage();

    expect(buttonNames(await rowOf('质检员'))).toEqual(['编辑', '启用', '删除', '复制']);
    expect(buttonNames(await rowOf('产线主管'))).toEqual(['停用', '复制']);
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('shows only the buttons the role holds on /role', async () => {
    const menus = [
      sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1 }),
      sessionMenu({ id: 2, pId: 1, name: '系统管理', url: '/', level: 2 }),
      sessionMenu({ id: 3, pId: 2, name: '角色列表', url: '/role', level: 3, funcBotton: ['copy', 'start'] }),
    ];
    useSession.getState().signIn(loginResultWith({}, menus));
    serve();
    await openPage();

    expect(buttonNames(await rowOf('质检员'))).toEqual(['启用', '复制']);
    expect(buttonNames(await rowOf('产线主管'))).toEqual(['复制']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('says 暂无角色 when there are none', async () => {
    serve([]);
    await openPage();
    expect(await screen.findByText('暂无角色')).toBeTruthy();
  });

  it('copies, enables, stops and deletes with the messages of seed §8', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();

    await user.click((await rowOf('产线主管')).getByRole('button', { name: '复制' }));
    expect(await screen.findByText(MSG.roleCopied)).toBeTruthy();
    expect(server.calls(ROLE.roleCopy)[0]!.json).toEqual({ id: 32 });

    await user.click((await rowOf('质检员')).getByRole('button', { name: '启用' }));
    expect(await screen.findByText(MSG.roleEnabled)).toBeTruthy();

    await user.click((await rowOf('产线主管')).getByRole('button', { name: '停用' }));
    await user.click((await dialogTitled('停用角色')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.roleDisabled)).toBeTruthy();
    const changes = server.calls(ROLE.roleChangeStatus).map(formFields);
    expect(changes).toEqual([
      { id: '31', status: '1' },
      { id: '32', status: '0' },
    ]);

    await user.click((await rowOf('质检员')).getByRole('button', { name: '删除' }));
    await user.click((await dialogTitled('删除角色')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.roleDeleted)).toBeTruthy();
    expect(server.calls(ROLE.roleDelete)[0]!.json).toEqual({ id: 31 });
  });
});

describe('role panel', () => {
  it('asks for a role name and at least one permission', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await dialogTitled('新增角色');
    await panel.findByTitle('平台管理');

    await user.click(panel.getByRole('button', { name: '确定' }));
    expect(await fieldError('角色名')).toBe(MSG.roleNameRequired);
    expect(await fieldError('角色权限')).toBe(MSG.rolePermissionRequired);
    expect(server.calls(ROLE.roleCreate)).toHaveLength(0);
  });

  it.each(['质', 'role-1', '角色 一'])('refuses the role name %s with the shared rule', async (name) => {
    const user = userEvent.setup();
    serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await dialogTitled('新增角色');
    await panel.findByTitle('平台管理');

    expect(screen.getByLabelText('角色名').getAttribute('maxlength')).toBe('12');
    await user.type(screen.getByLabelText('角色名'), name);
    await user.click(panel.getByRole('button', { name: '确定' }));
    expect(await fieldError('角色名')).toBe(MSG.roleNameRule);
  });

  it('leaves 产线管理 out of the tree and sends each granted menu with its buttons', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await dialogTitled('新增角色');

    expect(await panel.findByTitle('终端管理')).toBeTruthy();
    // the stand-in answers the whole tree, as an older server would: the editor filters it itself
    expect(server.calls(MENU.menuTree)[0]?.query).toEqual({ withFunction: 'true', forRole: 'true' });
    expect(panel.queryByTitle('产线管理')).toBeNull();
    await user.type(screen.getByLabelText('角色名'), '平台运维');
    await user.click(treeCheckbox('平台管理'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.roleAdded)).toBeTruthy();
    const create = server.calls(ROLE.roleCreate)[0]!;
    const buttonIds = (url: string) => menuNode(menuTree, url).children.filter((node) => node.type === 1).map((node) => node.id);
    expect(create.json).toEqual({
      roleName: '平台运维',
      roleMenuFunctionVOS: [
        { menuId: platform.id, funIdList: [] },
        { menuId: terminalManage.id, funIdList: buttonIds('/terminalManage') },
        { menuId: system.id, funIdList: [] },
        { menuId: account.id, funIdList: buttonIds('/account') },
        { menuId: menuNode(menuTree, '/role').id, funIdList: buttonIds('/role') },
        { menuId: menuPage.id, funIdList: [] },
        { menuId: menuNode(menuTree, '/operationLog').id, funIdList: [] },
      ],
    });
  });

  it('edits a stopped role: its grants checked, sent back with the change', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click((await rowOf('质检员')).getByRole('button', { name: '编辑' }));
    const panel = await dialogTitled('编辑角色');

    await waitFor(() => expect((screen.getByLabelText('角色名') as HTMLInputElement).value).toBe('质检员'));
    // each box shows its own grant: the groups above 用户列表 and 菜单列表 are held
    expect(treeNode('平台管理').querySelector('.ant-tree-checkbox-checked')).not.toBeNull();
    expect(treeNode('系统管理').querySelector('.ant-tree-checkbox-checked')).not.toBeNull();
    expect(treeNode('菜单列表').querySelector('.ant-tree-checkbox-checked')).not.toBeNull();
    expect(treeNode('终端管理').querySelector('.ant-tree-checkbox-checked')).toBeNull();

    await user.click(treeCheckbox('终端管理'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.roleEdited)).toBeTruthy();
    const edit = server.calls(ROLE.roleEdit)[0]!;
    expect(edit.json).toEqual({
      id: 31,
      roleName: '质检员',
      roleMenuFunctionVOS: [
        { menuId: platform.id, funIdList: [] },
        // ticking a page grants the page alone: its buttons are ticked one by one
        { menuId: terminalManage.id, funIdList: [] },
        { menuId: system.id, funIdList: [] },
        { menuId: account.id, funIdList: [accountAdd.id] },
        { menuId: menuPage.id, funIdList: [] },
      ],
    });
  });

  it('starts each panel afresh: an edit after a cancelled add shows the role', async () => {
    const user = userEvent.setup();
    serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const add = await dialogTitled('新增角色');
    await add.findByTitle('平台管理');
    await user.type(screen.getByLabelText('角色名'), '草稿');
    await user.click(add.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('新增角色', { selector: '.ant-drawer-title' })).toBeNull());

    await user.click((await rowOf('质检员')).getByRole('button', { name: '编辑' }));
    await dialogTitled('编辑角色');
    await waitFor(() => expect((screen.getByLabelText('角色名') as HTMLInputElement).value).toBe('质检员'));
    expect(treeNode('菜单列表').querySelector('.ant-tree-checkbox-checked')).not.toBeNull();
  });
});

