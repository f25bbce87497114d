import {
  aqlText,
  DTU_SUBMISSION_ENDPOINTS as SUBMISSION,
  DTU_SUBMISSION_MSG as M,
  DTU_TASK_ENDPOINTS as TASK,
  samplingPlan,
} from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { findDialog } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import {
  cardOf,
  cellsOf,
  checkConfigOf,
  checkTaskServer,
  choose,
  fieldOf,
  findNotice,
  findPrompt,
  rowOf,
  samplingBatchOf,
} from '../dtu-submission-fixtures';

const URL = '/checkTask?taskId=31&dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&taskType=normal';

const batches = [
  samplingBatchOf({ id: 3, checkCount: 2 }),
  samplingBatchOf({ id: 2, checkCount: 8, sampleSize: 8, verdict: 'ACCEPT', checkPerson: '质检 王五' }),
  samplingBatchOf({ id: 1, checkCount: 1, defectCount: 1, verdict: 'REJECT', checkPerson: '质检 王五' }),
  samplingBatchOf({ id: 4, batchId: '31-004', sampleSize: null, acceptNumber: null, rejectNumber: null }),
];

/** The validation text antd shows under the dialog's field labelled `label` ('' when none). */
const errorOf = (dialog: HTMLElement, label: string) =>
  dialog.querySelector(`label[title="${label}"]`)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
const expectError = (dialog: HTMLElement, label: string, message: string) => waitFor(() => expect(errorOf(dialog, label)).toBe(message));
const chosenPads = (dialog: HTMLElement) =>
  [...(dialog.querySelector('label[title="终端"]')?.closest('.ant-form-item')?.querySelectorAll('.ant-select-selection-item-content') ?? [])].map(
    (tag) => tag.textContent,
  );
const quantity = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: '抽检数量' }) as HTMLInputElement;
const proposalOf = (dialog: HTMLElement) => within(dialog).getByLabelText('建议抽样方案').querySelector('.sampling-plan-figures')?.textContent;
/** Whether the option is offered but cannot be chosen, in the dropdown open now. */
function optionDisabled(title: string): boolean | undefined {
  const options = [...document.querySelectorAll<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`)];
  return options.at(-1)?.classList.contains('ant-select-item-option-disabled');
}
async function replaceText(user: UserEvent, box: HTMLElement, text: string) {
  await user.clear(box);
  if (text) {
    await user.click(box);
    await user.paste(text);
  }
}

async function openDialog(user: UserEvent, title: string) {
  await user.click(await screen.findByRole('button', { name: '配置抽检任务' }));
  return findDialog(title);
}

beforeAll(() => import('./check-task-page'), 30_000);
beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('抽检任务 page', () => {
  it('shows the task, its sampling configuration and its batches with each one’s verdict', async () => {
    const server = checkTaskServer(checkConfigOf(), batches);
    await renderPage(URL);
    await screen.findByText('31-003');

    expect(screen.getByRole('heading', { name: '抽检任务' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/抽检任务');
    expect(server.calls(SUBMISSION.dtuTaskCheckinfoCheckDetail)[0]?.query).toEqual({ taskId: '31' });
    expect(server.calls(SUBMISSION.dtuTaskCheckinfoGroupList)[0]?.query).toEqual({ taskId: '31', page: '1', pageSize: '10' });
    expect(fieldOf(cardOf('任务信息'), '任务名称')).toBe('三月批次');

    const config = cardOf('抽检配置');
    expect(['抽检产线', '抽检终端', '抽检数量', '检验水平', 'AQL'].map((label) => fieldOf(config, label))).toEqual([
      '配件二线', 'PAD-21', '5 台', '一般检验水平 II', '1.0',
    ]);

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '序号', '批次', '提交数量', '已抽检', '提交时间', '检验员', '操作',
    ]);
    expect(cellsOf(rowOf('31-003'))).toEqual(['1', '31-003', '48', '2 / 8Ac 0 / Re 1不合格 0抽检中', '2026-03-03 10:00:00', '-', '查看']);
    expect(cellsOf(rowOf('31-002'))[3]).toBe('8 / 8Ac 0 / Re 1不合格 0合格');
    expect(cellsOf(rowOf('31-001'))[3]).toBe('1 / 8Ac 0 / Re 1不合格 1不合格');
    // a batch without a plan yet: the count alone
    expect(cellsOf(rowOf('31-004'))[3]).toBe('0不合格 0抽检中');
    expect(within(rowOf('31-003')).getByRole('link', { name: '查看' }).getAttribute('href')).toBe(
      '/dtuTaskWatch?taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskBatchId=3&taskType=check&check=Y',
    );
  });

  it('offers no configuration, with the firmware tooltip, for a task whose firmware changed', async () => {
    const user = userEvent.setup();
    checkTaskServer(checkConfigOf({ canCheck: false }), batches);
    await renderPage(URL);
    await screen.findByText('31-003');

    const configure = screen.getByRole('button', { name: '配置抽检任务' });
    expect(configure.hasAttribute('disabled')).toBe(true);
    await user.hover(configure.parentElement!);
    expect(await screen.findByText(M.firmwareChanged)).toBeTruthy();
  });

  it('prefills the dialog from the configuration, its own PADs free and another task’s disabled', async () => {
    const user = userEvent.setup();
    const server = checkTaskServer(checkConfigOf(), batches);
    await renderPage(URL);
    const dialog = await openDialog(user, '修改抽检任务');

    await waitFor(() => expect(server.calls(TASK.dtuTaskPadList).at(-1)?.query).toEqual({ lineId: '4' }));
    expect(within(dialog).getByTitle('配件二线')).toBeTruthy();
    expect(chosenPads(dialog)).toEqual(['PAD-21 (P21)']);
    expect(quantity(dialog).value).toBe('5');
    expect(within(dialog).getByTitle('一般检验水平 II')).toBeTruthy();
    expect(within(dialog).getByTitle('1.0')).toBeTruthy();
    expect(proposalOf(dialog)).toBe('批量48字码D样本量 n13Ac0Re1');

    await user.click(within(dialog).getByRole('combobox', { name: '终端' }));
    await waitFor(() => expect(optionDisabled('PAD-22 (P22)')).toBe(false));
    expect(optionDisabled('PAD-21 (P21)')).toBe(false);
    expect(optionDisabled('PAD-23 (P23)（执行中：四月批次）')).toBe(true);
  });

  it('binds line, PADs, quantity, level and AQL as JSON, says so and reloads the configuration', async () => {
    const user = userEvent.setup();
    const server = checkTaskServer(checkConfigOf(), batches);
    await renderPage(URL);
    const dialog = await openDialog(user, '修改抽检任务');

    await user.click(within(dialog).getByRole('combobox', { name: '终端' }));
    await choose(user, 'PAD-22 (P22)');
    await replaceText(user, quantity(dialog), '6');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await findNotice(M.bound)).toBeTruthy();
    expect(server.calls(SUBMISSION.checkTaskBind)[0]?.json).toEqual({ id: 31, aimLineId: 4, pads: [21, 22], productionNumber: 6, inspectionLevel: 'II', aql: 1 });
    await waitFor(() => expect(server.calls(SUBMISSION.dtuTaskCheckinfoCheckDetail)).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')).toBeNull());
  });

  it('asks for line, PADs and a whole quantity with the seed’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = checkTaskServer(checkConfigOf({ productLineId: null, productLineName: null, productionNumber: null, pads: [] }), batches);
    await renderPage(URL);
    const dialog = await openDialog(user, '配置抽检任务');
    // no quantity yet: the proposed n is offered
    expect(quantity(dialog).value).toBe('13');

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await expectError(dialog, '抽检产线', M.lineRequired);
    expect(errorOf(dialog, '终端')).toBe(M.padsRequired);
    expect(errorOf(dialog, '抽检数量')).toBe('');
    for (const [typed, message] of [['', M.quantityRule], ['abc', M.quantityRule], ['1.5', M.quantityRule], ['0', M.quantityRule], ['12', '']] as const) {
      await replaceText(user, quantity(dialog), typed);
      await expectError(dialog, '抽检数量', message);
    }
    expect(server.calls(SUBMISSION.checkTaskBind)).toHaveLength(0);

    // the terminals wait for a line, then are the line's
    expect(within(dialog).getByRole('combobox', { name: '终端' }).closest('.ant-select')?.className).toContain('ant-select-disabled');
    await user.click(within(dialog).getByRole('combobox', { name: '抽检产线' }));
    await choose(user, '配件一线');
    await user.click(within(dialog).getByRole('combobox', { name: '终端' }));
    // the task's own production PAD serves the task: not a sampling terminal
    await waitFor(() => expect(optionDisabled('PAD-01 (P01)（执行中：三月批次）')).toBe(true));
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    checkTaskServer(checkConfigOf(), batches, refuse(SUBMISSION.checkTaskBind, M.padBusy('PAD-22'), 409));
    await renderPage(URL);
    const dialog = await openDialog(user, '修改抽检任务');

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(M.padBusy('PAD-22'));
    expect(screen.queryByText(M.bound)).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: '抽检数量' })).toBeTruthy();
  });

  it('proposes the plan of the level and AQL chosen, and takes its n on 采用样本量', async () => {
    const user = userEvent.setup();
    checkTaskServer(checkConfigOf(), batches);
    await renderPage(URL);
    const dialog = await openDialog(user, '修改抽检任务');

    await user.click(within(dialog).getByRole('combobox', { name: 'AQL' }));
    await choose(user, aqlText(6.5));
    const plan = samplingPlan(48, 'II', 6.5);
    await waitFor(() =>
      expect(proposalOf(dialog)).toBe(`批量48字码${plan.codeLetter}样本量 n${plan.sampleSize}Ac${plan.acceptNumber}Re${plan.rejectNumber}`),
    );
    await user.click(within(dialog).getByRole('button', { name: '采用样本量' }));
    expect(quantity(dialog).value).toBe(String(plan.sampleSize));
  });

  it('unbinds every terminal after 提示, and says so', async () => {
    const user = userEvent.setup();
    const server = checkTaskServer(checkConfigOf(), batches);
    await renderPage(URL);
    await screen.findByText('31-003');

    await user.click(screen.getByRole('button', { name: '解绑终端' }));
    await user.click(within(await findPrompt(M.unbindConfirm)).getByRole('button', { name: '取消' }));
    expect(server.calls(SUBMISSION.checkTaskUnbind)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '解绑终端' }));
    await user.click(within(await findPrompt(M.unbindConfirm)).getByRole('button', { name: '确定' }));
    expect(await findNotice(M.unbound)).toBeTruthy();
    expect(formFields(server.calls(SUBMISSION.checkTaskUnbind)[0]!)).toEqual({ taskId: '31' });
    await waitFor(() => expect(server.calls(SUBMISSION.dtuTaskCheckinfoCheckDetail)).toHaveLength(2));
  });

  it('offers no unbinding while no terminal is bound', async () => {
    checkTaskServer(checkConfigOf({ pads: [] }), []);
    await renderPage(URL);
    await screen.findByRole('columnheader', { name: '已抽检' });
    await waitFor(() => expect(screen.getByRole('button', { name: '解绑终端' }).hasAttribute('disabled')).toBe(true));
  });
});
