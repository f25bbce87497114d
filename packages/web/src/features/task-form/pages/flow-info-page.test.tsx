import { TASK_ENDPOINTS as TASK, TASK_MSG, TASK_TERMINAL_ENDPOINTS as PAD_CALLS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { refuse } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import {
  bodyOf,
  callsTo,
  chooseIn,
  chosenIn,
  editDataOf,
  optionsOf,
  padOf,
  taskFormServer,
  taskSession,
} from '../task-form-fixtures';

configure({ asyncUtilTimeout: 5000 });

/** Four idle PADs: three on 总装一线, one on 总装二线. */
const PADS = [
  padOf({ id: 1 }),
  padOf({ id: 2 }),
  padOf({ id: 3 }),
  padOf({ id: 4, name: '二线平板', code: 'PAD_B1', lineId: 12, lineName: '总装二线' }),
];
const label = (id: number) => (id === 4 ? '二线平板 (PAD_B1) · 总装二线' : `终端${id} (PAD${id}) · 总装一线`);

const FLOWS = ['流程1 上电检测', '流程2 通信检测', '流程3 整机终检'] as const;
const selectOf = (flow: string) => screen.getByRole('combobox', { name: flow });
const flowSection = (flow: string) => screen.getByRole('region', { name: flow });
const submitButton = () => screen.queryByRole('button', { name: '提交' });
const STEP_2 = '/flowInfo?id=7&productionLineIds=11,12';

beforeEach(() => useSession.getState().signIn(taskSession()));

describe('/flowInfo 终端设置', () => {
  it('lists the flows in order, each asking for a terminal, and hides 提交 behind the global message', async () => {
    const server = taskFormServer({ pads: PADS });
    await renderPage(STEP_2);

    expect(await screen.findByRole('heading', { name: '终端设置' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('产线检测/终端设置');
    expect(document.querySelector('.ant-steps-item-process')?.textContent).toContain('终端设置');
    await screen.findByRole('combobox', { name: FLOWS[0] });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([...FLOWS]);
    FLOWS.forEach((flow, index) =>
      expect(within(flowSection(flow)).getByText(TASK_MSG.flowTerminalMissing(index + 1))).toBeTruthy(),
    );
    expect(screen.getByText(TASK_MSG.terminalsRequired)).toBeTruthy();
    expect(submitButton()).toBeNull();

    expect(callsTo(server, TASK.taskEditData)[0]?.query).toEqual({ taskId: '7' });
    expect(callsTo(server, PAD_CALLS.padList)[0]?.query).toEqual({ lineIds: '11,12', taskId: '7' });
  });

  it('labels each terminal with its code and line, and disables in the other flows what one flow holds', async () => {
    const user = userEvent.setup();
    taskFormServer({ pads: PADS });
    await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });

    await chooseIn(user, selectOf(FLOWS[0]), label(1));
    await waitFor(() => expect(chosenIn(flowSection(FLOWS[0]))).toEqual([label(1)]));
    await waitFor(() => expect(within(flowSection(FLOWS[0])).queryByText(TASK_MSG.flowTerminalMissing(1))).toBeNull());
    expect(within(flowSection(FLOWS[1])).getByText(TASK_MSG.flowTerminalMissing(2))).toBeTruthy();

    await user.click(selectOf(FLOWS[1]));
    await waitFor(() => expect(optionsOf(selectOf(FLOWS[1])).titles).toEqual([1, 2, 3, 4].map(label)));
    expect(optionsOf(selectOf(FLOWS[1])).disabled).toEqual([label(1)]);
    await chooseIn(user, selectOf(FLOWS[1]), label(2));

    await user.click(selectOf(FLOWS[2]));
    await waitFor(() => expect(optionsOf(selectOf(FLOWS[2])).disabled).toEqual([label(1), label(2)]));
    // the flow's own terminal stays choosable in its own select
    await user.click(selectOf(FLOWS[0]));
    await waitFor(() => expect(optionsOf(selectOf(FLOWS[0])).disabled).toEqual([label(2)]));
  });

  it('shows 提交 once every flow has a terminal, sends each flow’s terminals and returns to the list', async () => {
    const user = userEvent.setup();
    const server = taskFormServer({ pads: PADS });
    const { router } = await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });

    await chooseIn(user, selectOf(FLOWS[0]), label(1));
    await chooseIn(user, selectOf(FLOWS[0]), label(4));
    await chooseIn(user, selectOf(FLOWS[1]), label(2));
    expect(submitButton()).toBeNull();
    expect(screen.getByText(TASK_MSG.terminalsRequired)).toBeTruthy();
    await chooseIn(user, selectOf(FLOWS[2]), label(3));

    await waitFor(() => expect(submitButton()).toBeTruthy());
    expect(screen.queryByText(TASK_MSG.terminalsRequired)).toBeNull();
    await user.click(submitButton()!);

    expect(await screen.findByText(TASK_MSG.terminalsSet)).toBeTruthy();
    const setPad = callsTo(server, PAD_CALLS.padSet);
    expect(setPad).toHaveLength(1);
    expect(setPad[0]?.headers['Content-Type']).toBe('application/json');
    expect(bodyOf(setPad[0])).toEqual({
      taskId: 7,
      flowId2PadId: [
        { flowId: 71, padIdList: [1, 4] },
        { flowId: 72, padIdList: [2] },
        { flowId: 73, padIdList: [3] },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
  });

  it('fills each flow with the terminals it already has', async () => {
    const user = userEvent.setup();
    const onTask = (id: number, flowId: number) => ({ ...PADS[id - 1]!, flowId, taskId: 7 });
    const editData = editDataOf({
      status: 'UNSTART',
      flowPads: [
        { flow: { id: 71, name: '上电检测', sequence: 1 }, padInfos: [onTask(1, 71), onTask(4, 71)] },
        { flow: { id: 72, name: '通信检测', sequence: 2 }, padInfos: [onTask(2, 72)] },
        { flow: { id: 73, name: '整机终检', sequence: 3 }, padInfos: [onTask(3, 73)] },
      ],
    });
    const server = taskFormServer({ editData, pads: PADS });
    await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });

    await waitFor(() => expect(chosenIn(flowSection(FLOWS[0]))).toEqual([label(1), label(4)]));
    expect(chosenIn(flowSection(FLOWS[1]))).toEqual([label(2)]);
    expect(chosenIn(flowSection(FLOWS[2]))).toEqual([label(3)]);
    expect(screen.queryByText(TASK_MSG.terminalsRequired)).toBeNull();

    await user.click(submitButton()!);
    await screen.findByText(TASK_MSG.terminalsSet);
    expect(bodyOf(callsTo(server, PAD_CALLS.padSet)[0])).toMatchObject({
      flowId2PadId: [
        { flowId: 71, padIdList: [1, 4] },
        { flowId: 72, padIdList: [2] },
        { flowId: 73, padIdList: [3] },
      ],
    });
  });

  it('puts the flows in sequence order whatever order they come in', async () => {
    const editData = editDataOf({
      flowPads: [
        { flow: { id: 73, name: '整机终检', sequence: 3 }, padInfos: [] },
        { flow: { id: 71, name: '上电检测', sequence: 1 }, padInfos: [] },
        { flow: { id: 72, name: '通信检测', sequence: 2 }, padInfos: [] },
      ],
    });
    taskFormServer({ editData, pads: PADS });
    await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([...FLOWS]);
  });

  it('shows the server’s refusal and stays on the step', async () => {
    const user = userEvent.setup();
    const editData = editDataOf({
      flowPads: [{ flow: { id: 71, name: '上电检测', sequence: 1 }, padInfos: [{ ...PADS[0]!, flowId: 71, taskId: 7 }] }],
    });
    taskFormServer({ editData, pads: PADS, more: [refuse(PAD_CALLS.padSet, TASK_MSG.terminalBusy('终端1'))] });
    const { router } = await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });

    await user.click(submitButton()!);
    expect(await screen.findByText(TASK_MSG.terminalBusy('终端1'))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/flowInfo');
  });

  it('goes back to step 1 of a NEW task with 上一步', async () => {
    const user = userEvent.setup();
    taskFormServer({ pads: PADS });
    const { router } = await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });

    await user.click(screen.getByRole('button', { name: '上一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basicInfo'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('offers no 上一步 for a stopped task, whose basics are fixed', async () => {
    taskFormServer({ editData: editDataOf({ status: 'STOP' }), pads: PADS });
    await renderPage(STEP_2);
    await screen.findByRole('combobox', { name: FLOWS[0] });
    expect(screen.queryByRole('button', { name: '上一步' })).toBeNull();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
  });

  it('says a running task’s terminals can not be set, and offers no submit', async () => {
    const editData = editDataOf({
      status: 'START',
      flowPads: [{ flow: { id: 71, name: '上电检测', sequence: 1 }, padInfos: [{ ...PADS[0]!, flowId: 71, taskId: 7 }] }],
    });
    taskFormServer({ editData, pads: PADS });
    await renderPage(STEP_2);
    expect(await screen.findByText(TASK_MSG.terminalsLocked)).toBeTruthy();
    expect(submitButton()).toBeNull();
    expect(selectOf(FLOWS[0]).hasAttribute('disabled')).toBe(true);
  });

  it('reads the task’s own lines when the URL names none', async () => {
    const server = taskFormServer({ pads: PADS });
    await renderPage('/flowInfo?id=7');
    await screen.findByRole('combobox', { name: FLOWS[0] });
    expect(callsTo(server, PAD_CALLS.padList)[0]?.query).toEqual({ lineIds: '11,12', taskId: '7' });
  });

  it('explains how to put PADs on the lines when they have none', async () => {
    taskFormServer({ pads: [] });
    await renderPage(STEP_2);

    expect(await screen.findByText('任务所在产线上暂无终端，不能设置流程终端')).toBeTruthy();
    const link = screen.getByRole('link', { name: '终端管理' });
    expect(link.getAttribute('href')).toBe('/terminalManage');
    expect(screen.queryByRole('combobox', { name: FLOWS[0] })).toBeNull();
    expect(submitButton()).toBeNull();
    // the empty state says what to do; the flows' message would only repeat it
    expect(screen.queryByText(TASK_MSG.terminalsRequired)).toBeNull();
  });

  it.each([['/flowInfo'], ['/flowInfo?id=x&productionLineIds=11']])('shows an error with a way back at %s', async (path) => {
    const user = userEvent.setup();
    const server = taskFormServer({ pads: PADS });
    const { router } = await renderPage(path);

    expect(await screen.findByText('未指定任务')).toBeTruthy();
    expect(document.querySelector('.ant-steps')).toBeNull();
    expect(callsTo(server, TASK.taskEditData)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
  });

  it('shows the server’s message and an error for an unknown task', async () => {
    taskFormServer({ more: [refuse(TASK.taskEditData, '任务不存在', 404)] });
    await renderPage('/flowInfo?id=99&productionLineIds=11');
    expect(await screen.findByText('任务加载失败')).toBeTruthy();
    expect(await screen.findByText('任务不存在')).toBeTruthy();
  });
});
