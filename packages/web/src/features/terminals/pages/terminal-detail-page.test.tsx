import { MENUS, MSG, TERMINAL_ENDPOINTS as TERMINAL, type TerminalList } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import {
  chooseOption,
  fieldErrorOf,
  findDialog,
  sessionWithButtons,
  terminalList,
  terminalPad,
} from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';

configure({ asyncUtilTimeout: 5000 });

const onTask = terminalPad({
  padId: 2,
  padName: '整机一号',
  padCode: 'PAD002',
  status: 2,
  belongTaskType: 2,
  productNumber: 'GW-100',
  padFlow: '外观检测',
  padWorker: '张三',
  lineId: 7,
  lineName: '总装一线',
  taskId: 31,
});
const otherLine = terminalPad({ padId: 3, padName: '空闲平板', padCode: 'PAD003', status: 4, belongTaskType: 4, lineId: 8, lineName: '包装线' });
const unused = terminalPad({ padId: 1, padName: '备用平板', padCode: 'PAD001' });

const list = terminalList({
  freePadList: [unused],
  taskLineList: [
    { lineId: 7, lineName: '总装一线', taskId: 31, productType: '网关', productNumber: 'GW-100', linePadList: [onTask] },
    { lineId: 8, lineName: '包装线', taskId: null, productType: null, productNumber: null, linePadList: [otherLine] },
  ],
  pdaUsedList: [terminalPad({ padId: 22, padName: '手持二号', padCode: 'PDA002', terminalType: 'PDA', status: 1 })],
});

function detailServer(terminals: TerminalList = list) {
  return installServer(
    answer(TERMINAL.terminalList, terminals),
    answer(TERMINAL.terminalCategory, { 1: '21.5寸平板', 2: '15寸平板', 3: '11.5寸平板' }),
    answer(TERMINAL.terminalEdit, null),
    answer(TERMINAL.terminalUnbind, null),
  );
}

const listCalls = (server: ReturnType<typeof detailServer>) => server.calls(TERMINAL.terminalList);
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

beforeEach(() => useSession.getState().signIn(sessionWithButtons(MENUS.terminalManage, '终端管理', ['edit', 'unbind'])));

describe('终端详情 page', () => {
  it('lists the terminals of the task named in the address, with a way back', async () => {
    const server = detailServer();
    await renderPage('/terminalDetail?taskId=31&status=USE&type=PAD');

    expect(await screen.findByText('整机一号')).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('平台管理/终端管理/终端详情');
    expect(screen.queryByText('空闲平板')).toBeNull();
    expect(screen.queryByText('备用平板')).toBeNull();
    expect(screen.getByText('产品型号 GW-100')).toBeTruthy();
    expect(within(row('整机一号')).getByText('产品型号：GW-100')).toBeTruthy();
    expect(within(row('整机一号')).getByText('流程：外观检测')).toBeTruthy();
    expect(within(row('整机一号')).getByText('整机检测中')).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回终端管理/ }).getAttribute('href')).toBe(MENUS.terminalManage);
    expect(listCalls(server)[0]?.query).toEqual({ terminalType: 'PAD' });
  });

  it('asks the server for the unused ones only, and searches and filters by model', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await renderPage('/terminalDetail?status=UNUSE&type=PAD');
    expect(await screen.findByText('备用平板')).toBeTruthy();
    expect(screen.getByText('未使用的PAD')).toBeTruthy();
    expect(listCalls(server)[0]?.query).toEqual({ terminalType: 'PAD', status: '0' });
    // Nothing to unbind on an unused terminal.
    expect(within(row('备用平板')).queryByRole('button', { name: '解绑' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: '终端名称或ID' }), '备用{Enter}');
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PAD', status: '0', padKey: '备用' }));
    await user.click(screen.getByRole('combobox', { name: '型号' }));
    await chooseOption(user, '15寸平板');
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toMatchObject({ categoryId: '2' }));
  });

  it('lists a line’s terminals by its lineId, and used handhelds with back to the 手持机 tab', async () => {
    detailServer();
    const { router } = await renderPage('/terminalDetail?lineId=8&status=USE&type=PAD');
    expect(await screen.findByText('空闲平板')).toBeTruthy();
    expect(screen.queryByText('整机一号')).toBeNull();

    await router.navigate('/terminalDetail?status=USE&type=PDA');
    expect(await screen.findByText('手持二号')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '型号' })).toBeNull();
    expect(screen.getByRole('link', { name: /返回终端管理/ }).getAttribute('href')).toBe(`${MENUS.terminalManage}?type=PDA`);
  });

  it('says so when the address names no group', async () => {
    installServer();
    await renderPage('/terminalDetail?status=SOMETIMES');
    expect(await screen.findByText('未指定终端分组，请从终端管理进入')).toBeTruthy();
  });

  it('shows 暂无终端 for an empty group', async () => {
    detailServer(terminalList());
    await renderPage('/terminalDetail?status=UNUSE&type=PDA');
    expect(await screen.findByText('暂无终端')).toBeTruthy();
  });

  it('renames with the detail page’s rule: required, no special characters, at most 16', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await renderPage('/terminalDetail?taskId=31&status=USE&type=PAD');
    await screen.findByText('整机一号');

    await user.click(within(row('整机一号')).getByRole('button', { name: '编辑' }));
    const dialog = within(await findDialog('编辑终端名称'));
    const name = dialog.getByLabelText('终端名称');
    expect(name.getAttribute('maxlength')).toBe('16');

    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(name)).toBe(MSG.terminalNameRequired));
    await user.type(name, '整机 一号!');
    await user.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(name)).toBe(MSG.terminalNameRule));
    expect(server.calls(TERMINAL.terminalEdit)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '整机检测工位一号A01');
    await user.click(dialog.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.terminalEdited)).toBeTruthy();
    const edit = server.calls(TERMINAL.terminalEdit)[0]!;
    // The name changes; the PAD's line is sent back as it is.
    expect(formFields(edit)).toEqual({ terminalId: '2', terminalName: '整机检测工位一号A01', terminalType: 'PAD', lineId: '7' });
  });

  it('unbinds after confirming', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await renderPage('/terminalDetail?taskId=31&status=USE&type=PAD');
    await screen.findByText('整机一号');

    await user.click(within(row('整机一号')).getByRole('button', { name: '解绑' }));
    const confirm = await screen.findByText(/确定解绑终端“整机一号”吗/);
    await user.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: '解绑' }));
    expect(await screen.findByText(MSG.terminalUnbound)).toBeTruthy();
    expect(server.calls(TERMINAL.terminalUnbind)[0]?.query).toEqual({
      terminalId: '2',
      terminalType: 'PAD',
    });
  });

  it('hides 编辑 and 解绑 without those buttons', async () => {
    useSession.getState().signIn(sessionWithButtons(MENUS.terminalManage, '终端管理'));
    detailServer();
    await renderPage('/terminalDetail?taskId=31&status=USE&type=PAD');
    await screen.findByText('整机一号');
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '解绑' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });
});
