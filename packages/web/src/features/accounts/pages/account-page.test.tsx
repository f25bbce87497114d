import { type LineTree, MENUS, MSG, ROLE_ENDPOINTS as ROLE, USER_ENDPOINTS as USER, type UserDetail } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { pageOfRows, userRow } from '../../../test/account-role-fixtures';
import { answer, installServer } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith, seededMenus, sessionMenu } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

const stoppedUser = userRow({ id: 21, userName: 'zhang_san@operator_li', status: 0, roleName: '质检员' });
const enabledUser = userRow({ id: 22, userName: 'li_si@operator_li', status: 1 });

const factories: LineTree = [
  {
    factoryId: 1,
    factoryName: '默认工厂',
    lineList: [
      { id: 11, lineName: '一号线', lineNum: 'L01' },
      { id: 12, lineName: '二号线', lineNum: 'L02' },
    ],
  },
  { factoryId: 2, factoryName: '二厂', lineList: [{ id: 13, lineName: '总装线', lineNum: 'Z01' }] },
];

const detail: UserDetail = {
  userDetail: { ...stoppedUser, roleId: 5, shortName: 'zhang_san' },
  factorys: [{ factoryId: 1, factoryName: '默认工厂', lineId: [12] }],
};

/** A fake server answering the page's calls; a created or edited user answers its id. */
function serve(rows = [stoppedUser, enabledUser]) {
  return installServer(
    answer(USER.userList, pageOfRows(rows)),
    answer(USER.userLineTree, factories),
    answer(ROLE.roleAll, [
      { id: 3, roleName: '产线主管' },
      { id: 5, roleName: '质检员' },
    ]),
    answer(USER.userDetail, detail),
    answer(USER.userDefaultPassword, 'Factory123'),
    answer(USER.userCreate, 23),
    answer(USER.userEdit, 21),
    answer(USER.userChangeStatus, null),
    answer(USER.userDelete, null),
    answer(USER.userResetPassword, null),
  );
}

const openPage = () => renderPage(MENUS.account);

const rowOf = async (userName: string) => {
  const cell = await screen.findByText(userName);
  return within(cell.closest('tr')!);
};

const buttonNames = (row: ReturnType<typeof within>) =>
  row.queryAllByRole('button').map((button: HTMLElement) => button.textContent);

const fieldError = async (label: string) => {
  const input = screen.getByLabelText(label);
  const item = input.closest('.ant-form-item')!;
  let text = '';
  await waitFor(() => {
    text = item.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
    expect(text).not.toBe('');
  });
  return text;
};

// antd's ids are all 'test-id' under test, so a dialog is found by its title's text rather than its name.
const dialogTitled = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-confirm-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
};
const drawer = async (title: string) => within(await dialogTitled(title));

const treeCheckbox = (title: string) =>
  screen.getByTitle(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

const treeCheckboxChecked = (title: string) => treeCheckbox(title).classList.contains('ant-tree-checkbox-checked');

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('user list', () => {
  it('lists the users with index, name, role, time and status, paged 10/20/50', async () => {
    const server = serve();
    await openPage();

    expect(screen.getByRole('heading', { name: '用户列表' })).toBeTruthy();
    expect(screen.getByText('平台管理')).toBeTruthy();
    expect(screen.getByText('系统管理')).toBeTruthy();
    const row = await rowOf('zhang_san@operator_li');
    expect(row.getByText('1')).toBeTruthy();
    expect(row.getByText('质检员')).toBeTruthy();
    expect(row.getByText('2026-03-01 09:30:00')).toBeTruthy();
    expect(row.getByText('停用')).toBeTruthy();
    expect((await rowOf('li_si@operator_li')).getByText('启用')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(server.calls(USER.userList)[0]!.query).toEqual({ page: '1', pageSize: '10' });
  });

  it('searches by user name on Enter and filters by status', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await rowOf('zhang_san@operator_li');

    await user.type(screen.getByLabelText('搜索用户名'), ' zhang {Enter}');
    await waitFor(() => expect(server.calls(USER.userList).at(-1)!.query).toEqual({ page: '1', pageSize: '10', userName: 'zhang' }));

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByTitle('停用'));
    await waitFor(() =>
      expect(server.calls(USER.userList).at(-1)!.query).toEqual({ page: '1', pageSize: '10', userName: 'zhang', status: '0' }),
    );
  });

  it('offers edit, enable and delete on a stopped user, stop on an enabled one, reset on both', async () => {
    serve();
    await openPage();

    expect(buttonNames(await rowOf('zhang_san@operator_li'))).toEqual(['编辑', '启用', '删除', '重置密码']);
    expect(buttonNames(await rowOf('li_si@operator_li'))).toEqual(['停用', '重置密码']);
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('shows only the buttons the role holds on /account', async () => {
    const menus = [
      sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1 }),
      sessionMenu({ id: 2, pId: 1, name: '系统管理', url: '/', level: 2 }),
      sessionMenu({ id: 3, pId: 2, name: '用户列表', url: '/account', level: 3, funcBotton: ['resetPassword', 'stop'] }),
    ];
    useSession.getState().signIn(loginResultWith({}, menus));
    serve();
    await openPage();

    expect(buttonNames(await rowOf('zhang_san@operator_li'))).toEqual(['重置密码']);
    expect(buttonNames(await rowOf('li_si@operator_li'))).toEqual(['停用', '重置密码']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('shows no row button at all without any on /account', async () => {
    const menus = seededMenus().map((menu) => (menu.url === '/account' ? { ...menu, funcBotton: [] } : menu));
    useSession.getState().signIn(loginResultWith({}, menus));
    serve();
    await openPage();

    expect(buttonNames(await rowOf('zhang_san@operator_li'))).toEqual([]);
    expect(buttonNames(await rowOf('li_si@operator_li'))).toEqual([]);
  });

  it('says 暂无用户 when there are none', async () => {
    serve([]);
    await openPage();
    expect(await screen.findByText('暂无用户')).toBeTruthy();
  });

  it('states the default password before resetting, then says it is reset', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();

    await user.click((await rowOf('li_si@operator_li')).getByRole('button', { name: '重置密码' }));
    const confirm = await dialogTitled('重置密码');
    expect(confirm.textContent).toContain('确定将该用户的密码重置为 Factory123 吗？重置后该用户下次登录需修改密码');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.userPasswordReset)).toBeTruthy();
    const reset = server.calls(USER.userResetPassword)[0]!;
    expect(reset.method).toBe('POST');
    expect(reset.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(reset)).toEqual({ id: '22' });
  });

  it('stops after confirming, enables directly and deletes after confirming', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();

    await user.click((await rowOf('li_si@operator_li')).getByRole('button', { name: '停用' }));
    await user.click(within(await dialogTitled('停用用户')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.userDisabled)).toBeTruthy();
    const stop = server.calls(USER.userChangeStatus)[0]!;
    expect(formFields(stop)).toEqual({ id: '22', status: '0' });

    await user.click((await rowOf('zhang_san@operator_li')).getByRole('button', { name: '启用' }));
    expect(await screen.findByText(MSG.userEnabled)).toBeTruthy();
    const start = server.calls(USER.userChangeStatus)[1]!;
    expect(formFields(start)).toEqual({ id: '21', status: '1' });

    await user.click((await rowOf('zhang_san@operator_li')).getByRole('button', { name: '删除' }));
    await user.click((await drawer('删除用户')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.userDeleted)).toBeTruthy();
    const remove = server.calls(USER.userDelete)[0]!;
    expect(remove.json).toEqual({ id: 21 });
  });
});

describe('user panel', () => {
  it('asks for a user name and a role', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await drawer('新增用户');

    await user.click(panel.getByRole('button', { name: '确定' }));
    expect(await fieldError('用户名')).toBe(MSG.userNameRequired);
    expect(await fieldError('角色')).toBe(MSG.roleRequired);
    expect(server.calls(USER.userCreate)).toHaveLength(0);
  });

  it.each(['a', 'zhang-san', '张三', 'wang wu'])('refuses the user name %s with the shared rule', async (name) => {
    const user = userEvent.setup();
    serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await drawer('新增用户');

    expect(screen.getByLabelText('用户名').getAttribute('maxlength')).toBe('32');
    await user.type(screen.getByLabelText('用户名'), name);
    await user.click(panel.getByRole('button', { name: '确定' }));
    expect(await fieldError('用户名')).toBe(MSG.userNameRule);
  });

  it('creates a user under the signed-in account with its role and lines', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await drawer('新增用户');

    expect(panel.getByText('@operator_li')).toBeTruthy();
    await waitFor(() => expect(server.calls(ROLE.roleAll).map((call) => call.query)).toContainEqual({ id: '7' }));
    await user.type(screen.getByLabelText('用户名'), 'wang_wu');
    await user.click(screen.getByRole('combobox', { name: '角色' }));
    await user.click(await screen.findByTitle('质检员'));
    expect(await panel.findByTitle('全部产线')).toBeTruthy();
    await user.click(treeCheckbox('二厂'));
    await user.click(treeCheckbox('一号线（L01）'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.userAdded)).toBeTruthy();
    const create = server.calls(USER.userCreate)[0]!;
    expect(create.headers['Content-Type']).toBe('application/json');
    expect(create.json).toEqual({
      parentId: 7,
      userName: 'wang_wu',
      roleId: 5,
      facLineVos: [
        { factoryId: 1, lineId: [11] },
        { factoryId: 2, lineId: [13] },
      ],
    });
    await waitFor(() => expect(screen.queryByText('新增用户', { selector: '.ant-drawer-title' })).toBeNull());
  });

  it('selects every line through 全部产线', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const panel = await drawer('新增用户');

    await user.type(screen.getByLabelText('用户名'), 'zhao_liu');
    await user.click(screen.getByRole('combobox', { name: '角色' }));
    await user.click(await screen.findByTitle('产线主管'));
    await panel.findByTitle('全部产线');
    await user.click(treeCheckbox('全部产线'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.userAdded)).toBeTruthy();
    const create = server.calls(USER.userCreate)[0]!;
    expect(create.json).toMatchObject({
      facLineVos: [
        { factoryId: 1, lineId: [11, 12] },
        { factoryId: 2, lineId: [13] },
      ],
    });
  });

  it('edits a stopped user: its short name, its parent suffix, its role and lines', async () => {
    const user = userEvent.setup();
    const server = serve();
    await openPage();
    await user.click((await rowOf('zhang_san@operator_li')).getByRole('button', { name: '编辑' }));
    const panel = await drawer('编辑用户');

    await waitFor(() => expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('zhang_san'));
    expect(panel.getByText('@operator_li')).toBeTruthy();
    expect(server.calls(USER.userDetail).map((call) => call.query)).toContainEqual({ id: '21' });
    expect(panel.getByTitle('质检员')).toBeTruthy();
    await user.clear(screen.getByLabelText('用户名'));
    await user.type(screen.getByLabelText('用户名'), 'zhang_san2');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.userEdited)).toBeTruthy();
    const edit = server.calls(USER.userEdit)[0]!;
    expect(edit.json).toEqual({
      id: 21,
      parentId: 7,
      userName: 'zhang_san2',
      roleId: 5,
      facLineVos: [{ factoryId: 1, lineId: [12] }],
    });
  });

  it('starts each panel afresh: an edit after a cancelled add shows the user', async () => {
    const user = userEvent.setup();
    serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const add = await drawer('新增用户');
    await user.type(screen.getByLabelText('用户名'), 'half_typed');
    await user.click(add.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('新增用户', { selector: '.ant-drawer-title' })).toBeNull());

    await user.click((await rowOf('zhang_san@operator_li')).getByRole('button', { name: '编辑' }));
    await drawer('编辑用户');
    await waitFor(() => expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('zhang_san'));
    await waitFor(() => expect(treeCheckboxChecked('二号线（L02）')).toBe(true));
  });

  it('shows a stopped role the user still holds as stopped, and offers the enabled ones', async () => {
    const user = userEvent.setup();
    serve([stoppedUser]).put(answer(ROLE.roleAll, [{ id: 3, roleName: '产线主管' }]));
    await openPage();
    await user.click((await rowOf('zhang_san@operator_li')).getByRole('button', { name: '编辑' }));
    const panel = await drawer('编辑用户');

    expect(await panel.findByTitle('质检员（已停用）')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: '角色' }));
    const stopped = await screen.findByRole('option', { name: '质检员（已停用）' });
    expect(stopped.getAttribute('aria-disabled')).toBe('true');
  });
});

