import { DTU_TASK_ENDPOINTS as TASK, DTU_TASK_MSG as M, DTU_TASK_PARAM_FIELD, type Dtu } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { refuse } from '../../../test/fake-server';
import { findDialog } from '../../../test/line-terminal-fixtures';
import { recordBodies } from '../../../test/request-bodies';
import { renderPage } from '../../../test/render-page';
import {
  bluetoothDtu,
  choose,
  dtuTaskServer,
  dtuTaskSession,
  errorOf,
  expectError,
  findNotice,
  itemOf,
  rowOf,
  taskOf,
} from '../dtu-tasks-fixtures';

const ADDRESS = '/dtuTask?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01';
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
const xlsx = (name = 'mm.xlsx') => new File([new Uint8Array(64)], name, { type: 'application/octet-stream' });

/** The list of `dtu` with `tasks`, and its 新增DTU任务 panel open. */
async function openAdd(user: UserEvent, dtu?: Dtu, ...tasks: ReturnType<typeof taskOf>[]) {
  const server = dtuTaskServer(tasks, dtu);
  await renderPage(ADDRESS);
  await user.click(await screen.findByRole('button', { name: '新增任务' }));
  return { server, panel: await findDialog('新增DTU任务') };
}

/** The list with `task` and its 编辑DTU任务 panel open. */
async function openEdit(user: UserEvent, task: ReturnType<typeof taskOf>, dtu?: Dtu) {
  const server = dtuTaskServer([task], dtu);
  await renderPage(ADDRESS);
  await screen.findByText(task.fittingType);
  await user.click(within(rowOf(task.fittingType)).getByRole('button', { name: '编辑' }));
  return { server, panel: await findDialog('编辑DTU任务') };
}

const submit = (user: UserEvent, panel: HTMLElement) => user.click(within(panel).getByRole('button', { name: '确定' }));
const textbox = (panel: HTMLElement, name: string) => within(panel).getByRole('textbox', { name });
/** Puts the text in a box at once (typing it key by key costs a render per key). */
async function paste(user: UserEvent, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}
async function pick(user: UserEvent, panel: HTMLElement, field: string, ...options: string[]) {
  await user.click(within(panel).getByRole('combobox', { name: field }));
  for (const option of options) await choose(user, option);
}
/** The tags a multiple select shows. */
const chosenOf = (panel: HTMLElement, field: string) =>
  [...(itemOf(panel, field)?.querySelectorAll('.ant-select-selection-item-content') ?? [])].map((tag) => tag.textContent);
/** Whether the option is offered but cannot be chosen, in the dropdown open now. */
function optionDisabled(title: string): boolean | undefined {
  const options = [...document.querySelectorAll<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`)];
  return options.at(-1)?.classList.contains('ant-select-item-option-disabled');
}

/** Fills every field of a task on line 配件一线 for 总装二线 with PAD-01. */
async function fillTask(user: UserEvent, panel: HTMLElement) {
  await paste(user, textbox(panel, '任务名称'), '三月批次');
  await pick(user, panel, '生产检测', '配件一线');
  await pick(user, panel, '目标客户', '总装二线');
  await pick(user, panel, '终端', 'PAD-01 (P01)');
  await user.type(within(panel).getByPlaceholderText('请选择交货日期'), `${day(3)}{Tab}`);
  await paste(user, textbox(panel, '生产总量'), '500');
}

/** The multipart body the panel sent: its JSON part read, the Excel by its name. */
function sentForm(bodies: Array<BodyInit | null | undefined>) {
  const form = bodies.find((body): body is FormData => body instanceof FormData)!;
  const excel = form.get('majorMinorExcel');
  return { param: JSON.parse(form.get(DTU_TASK_PARAM_FIELD) as string) as Record<string, unknown>, excel: excel instanceof File ? excel.name : excel };
}

// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('../pages/dtu-task-page'), 30_000);
beforeEach(() => useSession.getState().signIn(dtuTaskSession()));

describe('新增DTU任务 / 编辑DTU任务 panel', () => {
  it('asks for every field of an empty task, and sends nothing', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openAdd(user);

    await submit(user, panel);
    await expectError(panel, '任务名称', M.nameRequired);
    expect(errorOf(panel, '生产检测')).toBe(M.lineRequired);
    expect(errorOf(panel, '目标客户')).toBe(M.aimLineRequired);
    expect(errorOf(panel, '终端')).toBe(M.padsRequired);
    expect(errorOf(panel, '交货日期')).toBe(M.expireRequired);
    expect(errorOf(panel, '生产总量')).toBe(M.totalRequired);
    expect(errorOf(panel, '固件版本')).toBe('');
    expect(server.calls(TASK.dtuTaskAdd)).toHaveLength(0);
  });

  it('checks the name, the total and the firmware version with the contract’s words', async () => {
    const user = userEvent.setup();
    const { panel } = await openAdd(user);
    const cases: Array<[string, string, string]> = [
      ['任务名称', 'DTU-01', M.nameRule],
      ['任务名称', '批'.repeat(19), M.nameTooLong],
      ['任务名称', '三月批次01', ''],
      ['生产总量', 'abc', M.totalNumber],
      ['生产总量', '1.5', M.totalNumber],
      ['生产总量', '0', M.totalPositive],
      ['生产总量', '1000001', M.totalTooLarge],
      ['生产总量', '500', ''],
      ['固件版本', '1.0', M.firmwareRule],
      ['固件版本', 'v1.0.0', M.firmwareRule],
      ['固件版本', '1.0.12', ''],
    ];
    for (const [field, typed, message] of cases) {
      await paste(user, textbox(panel, field), typed);
      await expectError(panel, field, message);
    }
  });

  it('offers no day before yesterday in the picker', async () => {
    const user = userEvent.setup();
    const { panel } = await openAdd(user);

    const picker = within(panel).getByPlaceholderText('请选择交货日期');
    await user.click(picker);
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`);
    await waitFor(() => expect(cell(day(0))).not.toBeNull());
    expect(cell(day(0))?.className).not.toContain('ant-picker-cell-disabled');
    // yesterday and the day before are shown only when they fall in this month's panel
    if (cell(day(-1))) expect(cell(day(-1))?.className).not.toContain('ant-picker-cell-disabled');
    if (cell(day(-2))) expect(cell(day(-2))?.className).toContain('ant-picker-cell-disabled');
  });

  it('lets a task keep a delivery day already passed (the server allows it unchanged)', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openEdit(user, taskOf({ id: 1, fittingType: '旧批次', expireTime: `${day(-3)} 18:00:00` }));
    await waitFor(() => expect(chosenOf(panel, '终端')).toEqual(['PAD-01 (P01)', 'PAD-02 (P02)']));

    const bodies = recordBodies();
    await submit(user, panel);
    expect(await findNotice(M.edited)).toBeTruthy();
    expect(sentForm(bodies).param).toMatchObject({ expireTime: `${day(-3)} 18:00:00` });
    expect(server.calls(TASK.dtuTaskEdit)).toHaveLength(1);
  });

  it('lists the chosen line’s PADs, one busy with another task disabled with its name, and clears them with another line', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openAdd(user);
    expect(within(panel).getByRole('combobox', { name: '终端' }).closest('.ant-select')?.className).toContain('ant-select-disabled');

    await pick(user, panel, '生产检测', '配件一线');
    await pick(user, panel, '终端', 'PAD-01 (P01)', 'PAD-14 (P14)');
    expect(optionDisabled('PAD-13 (P13)（执行中：三月批次）')).toBe(true);
    expect(server.calls(TASK.dtuTaskPadList).at(-1)?.query).toEqual({ lineId: '2' });
    expect(chosenOf(panel, '终端')).toEqual(['PAD-01 (P01)', 'PAD-14 (P14)']);

    await pick(user, panel, '生产检测', '配件二线');
    await waitFor(() => expect(chosenOf(panel, '终端')).toEqual([]));
    await pick(user, panel, '终端', 'PAD-21 (P21)');
    expect(server.calls(TASK.dtuTaskPadList).at(-1)?.query).toEqual({ lineId: '4' });
    expect(chosenOf(panel, '终端')).toEqual(['PAD-21 (P21)']);
  });

  it('offers data delivery and no serial terminals for a THREE_2_ONE DTU', async () => {
    const user = userEvent.setup();
    const { panel } = await openAdd(user);
    // THREE_2_ONE: data delivery, no serial terminals
    expect(itemOf(panel, '串口终端')).toBeNull();
    expect(within(panel).getByRole('switch', { name: '数据下发' })).toBeTruthy();
  });

  it('asks a bluetooth DTU’s task for serial terminals, and keeps a PAD to one list', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openAdd(user, bluetoothDtu());
    expect(within(panel).queryByRole('switch', { name: '数据下发' })).toBeNull();

    await fillTask(user, panel);
    await submit(user, panel);
    await expectError(panel, '串口终端', M.serialPadsRequired);

    await pick(user, panel, '串口终端', 'PAD-02 (P02)');
    expect(optionDisabled('PAD-01 (P01)')).toBe(true);
    await pick(user, panel, '终端');
    await waitFor(() => expect(optionDisabled('PAD-02 (P02)')).toBe(true));
    expect(optionDisabled('PAD-14 (P14)')).toBe(false);

    const bodies = recordBodies();
    await submit(user, panel);
    expect(await findNotice(M.added)).toBeTruthy();
    expect(sentForm(bodies).param).toMatchObject({ pads: [11], padsForComCheck: [12], needExcel: false });
    expect(server.calls(TASK.dtuTaskAdd)).toHaveLength(1);
  });

  it('delivers major&minor from an Excel: required on add, one .xls/.xlsx only, sent as majorMinorExcel', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server, panel } = await openAdd(user);
    await fillTask(user, panel);
    await paste(user, textbox(panel, '固件版本'), '1.2.0');
    await user.click(within(panel).getByRole('switch', { name: '数据下发' }));
    await waitFor(() => expect(itemOf(panel, '下发内容')?.textContent).toContain('major&minor'));

    await submit(user, panel);
    await expectError(panel, 'Excel文件', M.excelRequired);
    const input = () => itemOf(panel, 'Excel文件')!.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), xlsx('mm.csv'));
    expect(await findNotice(M.excelType)).toBeTruthy();
    await user.upload(input(), xlsx());
    await expectError(panel, 'Excel文件', '');
    await user.upload(input(), xlsx('second.xlsx'));
    expect(await findNotice(M.excelOnlyOne)).toBeTruthy();
    expect(itemOf(panel, 'Excel文件')!.querySelectorAll('.ant-upload-list-item')).toHaveLength(1);

    const bodies = recordBodies();
    await submit(user, panel);
    expect(await findNotice(M.added)).toBeTruthy();
    expect(sentForm(bodies)).toEqual({
      param: {
        dtuId: 9,
        reworkTask: false,
        fittingType: '三月批次',
        productLineId: 2,
        aimLineId: 3,
        pads: [11],
        padsForComCheck: [],
        expireTime: day(3),
        productionNumber: 500,
        testFirmwareVersion: '1.2.0',
        needExcel: true,
        duplicateEnable: false,
      },
      excel: 'mm.xlsx',
    });
    // closed, and the list read again
    await waitFor(() => expect(screen.queryByText('新增DTU任务')).toBeNull());
    await waitFor(() => expect(server.calls(TASK.dtuTaskList).length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal and stays open', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openAdd(user);
    server.put(refuse(TASK.dtuTaskAdd, M.padBusy('PAD-01'), 409));
    await fillTask(user, panel);
    await submit(user, panel);

    expect(await findNotice(M.padBusy('PAD-01'))).toBeTruthy();
    expect(screen.getByText('新增DTU任务')).toBeTruthy();
    expect(screen.queryByText(M.added)).toBeNull();
  });

  it('edits a task from its values, gives its PADs back when its own line is chosen again, and keeps its Excel', async () => {
    const user = userEvent.setup();
    const task = taskOf({
      id: 1,
      fittingType: '三月批次',
      status: 'STOP',
      duplicateEnable: true,
      needExcel: true,
      excelOriginName: 'held.xlsx',
      excelRowCount: 1000,
      excelUsedCount: 130,
    });
    const { server, panel } = await openEdit(user, task);

    expect((textbox(panel, '任务名称') as HTMLInputElement).value).toBe('三月批次');
    expect((textbox(panel, '生产总量') as HTMLInputElement).value).toBe('1000');
    expect((within(panel).getByPlaceholderText('请选择交货日期') as HTMLInputElement).value).toBe('2099-03-31');
    expect(within(panel).getByRole('switch', { name: '重复检测' }).getAttribute('aria-checked')).toBe('true');
    expect(itemOf(panel, 'Excel文件')?.textContent).toContain('held.xlsx');
    expect(itemOf(panel, 'Excel文件')?.textContent).toContain('已下发 130 / 1000 行');
    await waitFor(() => expect(chosenOf(panel, '终端')).toEqual(['PAD-01 (P01)', 'PAD-02 (P02)']));
    expect(server.calls(TASK.dtuTaskPadList)[0]?.query).toEqual({ lineId: '2', taskId: '1' });

    await pick(user, panel, '生产检测', '配件二线');
    await waitFor(() => expect(chosenOf(panel, '终端')).toEqual([]));
    await pick(user, panel, '生产检测', '配件一线');
    await waitFor(() => expect(chosenOf(panel, '终端')).toEqual(['PAD-01 (P01)', 'PAD-02 (P02)']));

    const bodies = recordBodies();
    await submit(user, panel);
    expect(await findNotice(M.edited)).toBeTruthy();
    expect(sentForm(bodies)).toEqual({
      param: {
        id: 1,
        dtuId: 9,
        reworkTask: false,
        fittingType: '三月批次',
        productLineId: 2,
        aimLineId: 3,
        pads: [11, 12],
        padsForComCheck: [],
        // an unchanged day goes back as the task has it
        expireTime: '2099-03-31 23:59:59',
        productionNumber: 1000,
        testFirmwareVersion: '1.2.0',
        needExcel: true,
        duplicateEnable: true,
      },
      excel: null,
    });
    expect(server.calls(TASK.dtuTaskAdd)).toHaveLength(0);
  });
});
