import { PRODUCT_ENDPOINTS as PRODUCT, TASK_ENDPOINTS as TASK, TASK_MSG } from '@factory/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, refuse } from '../../../test/fake-server';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import {
  bodyOf,
  callsTo,
  editDataOf,
  errorOf,
  expectError,
  heading,
  optionsOf,
  selectedOf,
  taskFormServer,
  taskSession,
} from '../task-form-fixtures';

// The page and its antd parts load lazily; on a busy machine that takes longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
const combobox = (name: string) => screen.getByRole('combobox', { name });
const next = () => screen.getByRole('button', { name: '下一步' });

async function choose(user: UserEvent, field: string, option: string) {
  await user.click(combobox(field));
  await chooseOption(user, option);
}

/** Fills every field of a new task: GW_100 of 智能网关, lines 总装一线 and 包装线, 300 units, expiring `expire`. */
async function fillNewTask(user: UserEvent, expire = day(3)) {
  await choose(user, '产品类型', '智能网关');
  await choose(user, '产品型号', 'GW_100');
  await choose(user, '产线', '总装一线 (ZZ_01)');
  await chooseOption(user, '包装线 (BZ_01)');
  await user.type(screen.getByRole('spinbutton', { name: '生产总量' }), '300');
  await user.type(screen.getByPlaceholderText('请选择截止时间'), `${expire}{Tab}`);
}

beforeEach(() => useSession.getState().signIn(taskSession()));

describe('/basicInfo 新建任务', () => {
  it('titles the page 新建任务 under 产线检测, step 1 of 基本信息 and 终端设置', async () => {
    taskFormServer();
    await renderPage('/basicInfo');

    expect(await screen.findByRole('heading', { name: '新建任务' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('产线检测/新建任务');
    expect(document.querySelector('.ant-steps-item-process')?.textContent).toContain('基本信息');
    expect(document.querySelector('.ant-steps-item-wait')?.textContent).toContain('终端设置');
  });

  it('asks for every field when 下一步 is clicked on an empty form, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = taskFormServer();
    await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await user.click(next());
    await expectError('产品类型', TASK_MSG.productTypeRequired);
    expect(errorOf('产品型号')).toBe(TASK_MSG.productRequired);
    expect(errorOf('产线')).toBe(TASK_MSG.linesRequired);
    expect(errorOf('生产总量')).toBe(TASK_MSG.countRequired);
    expect(errorOf('截止时间')).toBe(TASK_MSG.expireRequired);
    expect(callsTo(server, TASK.taskCreate)).toHaveLength(0);
  });

  it.each([
    ['0', TASK_MSG.countRule],
    ['-3', TASK_MSG.countRule],
    ['1.5', TASK_MSG.countRule],
    ['100001', TASK_MSG.countTooLarge],
    ['100000', ''],
  ])('checks a total of %s', async (typed, message) => {
    const user = userEvent.setup();
    taskFormServer();
    await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await user.type(screen.getByRole('spinbutton', { name: '生产总量' }), typed);
    await user.click(next());
    await expectError('产品类型', TASK_MSG.productTypeRequired);
    expect(errorOf('生产总量')).toBe(message);
  });

  it('offers no date before yesterday in the picker', async () => {
    const user = userEvent.setup();
    taskFormServer();
    await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await user.click(screen.getByPlaceholderText('请选择截止时间'));
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`);
    await waitFor(() => expect(cell(day(0))).not.toBeNull());
    expect(cell(day(0))?.className).not.toContain('ant-picker-cell-disabled');
    // yesterday may be chosen only when it is shown in this month's panel
    if (cell(day(-1))) expect(cell(day(-1))?.className).not.toContain('ant-picker-cell-disabled');
    if (cell(day(-2))) expect(cell(day(-2))?.className).toContain('ant-picker-cell-disabled');
  });

  it('offers only the published models of the chosen type', async () => {
    const user = userEvent.setup();
    const server = taskFormServer();
    await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await choose(user, '产品类型', '智能网关');
    await user.click(combobox('产品型号'));
    await waitFor(() => expect(optionsOf(combobox('产品型号')).titles).toEqual(['GW_100', 'GW_200']));
    expect(callsTo(server, PRODUCT.productQuery).at(-1)?.query).toEqual({
      productTypeId: '1',
      publishStatus: 'PUBLISH',
      page: '1',
      pageSize: '0',
    });
  });

  it('empties the model when the type changes', async () => {
    const user = userEvent.setup();
    taskFormServer();
    await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await choose(user, '产品类型', '智能网关');
    await choose(user, '产品型号', 'GW_200');
    await waitFor(() => expect(selectedOf('产品型号')).toEqual(['GW_200']));

    await choose(user, '产品类型', '智能电表');
    await waitFor(() => expect(selectedOf('产品型号')).toEqual([]));
    await user.click(combobox('产品型号'));
    await waitFor(() => expect(optionsOf(combobox('产品型号')).titles).toEqual(['EM_300']));
  });

  it('creates the task and opens step 2 with the new id and the lines', async () => {
    const user = userEvent.setup();
    const server = taskFormServer({ more: [answer(TASK.taskCreate, 42)] });
    const { router } = await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await fillNewTask(user);
    await user.click(next());

    expect(await screen.findByText(TASK_MSG.created)).toBeTruthy();
    const create = callsTo(server, TASK.taskCreate);
    expect(create).toHaveLength(1);
    expect(create[0]?.headers['Content-Type']).toBe('application/json');
    expect(bodyOf(create[0])).toEqual({
      productTypeId: 1,
      productId: 21,
      productNumber: 'GW_100',
      productionLineIds: [11, 13],
      productionCount: 300,
      expireTime: day(3),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowInfo'));
    expect(router.state.location.search).toBe('?id=42&productionLineIds=11,13');
  });

  it('takes yesterday as the expiry', async () => {
    const user = userEvent.setup();
    const server = taskFormServer({ more: [answer(TASK.taskCreate, 43)] });
    await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await fillNewTask(user, day(-1));
    await user.click(next());
    await waitFor(() => expect(callsTo(server, TASK.taskCreate)).toHaveLength(1));
    expect(bodyOf(callsTo(server, TASK.taskCreate)[0])).toMatchObject({ expireTime: day(-1) });
  });

  it('shows the server’s refusal and keeps the form', async () => {
    const user = userEvent.setup();
    taskFormServer({ more: [refuse(TASK.taskCreate, TASK_MSG.productProducing)] });
    const { router } = await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await fillNewTask(user);
    await user.click(next());

    expect(await screen.findByText(TASK_MSG.productProducing)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/basicInfo');
    expect(selectedOf('产品型号')).toEqual(['GW_100']);
  });

  it('goes back to the task list on 取消', async () => {
    const user = userEvent.setup();
    taskFormServer();
    const { router } = await renderPage('/basicInfo');
    await screen.findByRole('heading', { name: '新建任务' });

    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
  });
});

describe('/basicInfo?id 修改任务', () => {
  it('fills the form with the task, its own PRODUCTING model among the published ones', async () => {
    const user = userEvent.setup();
    const server = taskFormServer();
    await renderPage('/basicInfo?id=7');

    expect(await screen.findByRole('heading', { name: '修改任务' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('产线检测/修改任务');
    expect(callsTo(server, TASK.taskEditData)[0]?.query).toEqual({ taskId: '7' });
    await waitFor(() => expect(selectedOf('产品型号')).toEqual(['GW_BUSY']));
    await waitFor(() => expect(selectedOf('产品类型')).toEqual(['智能网关']));
    expect(selectedOf('产线')).toEqual(['总装一线 (ZZ_01)', '总装二线 (ZZ_02)']);
    expect((screen.getByRole('spinbutton', { name: '生产总量' }) as HTMLInputElement).value).toBe('500');
    expect((screen.getByPlaceholderText('请选择截止时间') as HTMLInputElement).value).toBe('2099-12-31');

    await user.click(combobox('产品型号'));
    await waitFor(() => expect(optionsOf(combobox('产品型号')).titles).toEqual(['GW_BUSY', 'GW_100', 'GW_200']));
  });

  it('saves the edit with the task’s id and opens step 2', async () => {
    const user = userEvent.setup();
    const server = taskFormServer();
    const { router } = await renderPage('/basicInfo?id=7');
    await waitFor(() => expect(selectedOf('产品型号')).toEqual(['GW_BUSY']));

    const count = screen.getByRole('spinbutton', { name: '生产总量' });
    await user.clear(count);
    await user.type(count, '800');
    await user.click(next());

    expect(await screen.findByText(TASK_MSG.edited)).toBeTruthy();
    expect(bodyOf(callsTo(server, TASK.taskEdit)[0])).toEqual({
      id: 7,
      productTypeId: 1,
      productId: 24,
      productNumber: 'GW_BUSY',
      productionLineIds: [11, 12],
      productionCount: 800,
      expireTime: '2099-12-31',
    });
    expect(callsTo(server, TASK.taskCreate)).toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe('?id=7&productionLineIds=11,12'));
  });

  it('refuses an expiry the day before yesterday and takes yesterday', async () => {
    const user = userEvent.setup();
    const server = taskFormServer({ editData: editDataOf({ expireTime: `${day(-2)} 23:59:59` }) });
    await renderPage('/basicInfo?id=7');
    await waitFor(() => expect(selectedOf('产品型号')).toEqual(['GW_BUSY']));

    await user.click(next());
    await expectError('截止时间', TASK_MSG.expireTooEarly);
    expect(callsTo(server, TASK.taskEdit)).toHaveLength(0);

    const picker = screen.getByPlaceholderText('请选择截止时间');
    await user.clear(picker);
    await user.type(picker, `${day(-1)}{Tab}`);
    await user.click(next());
    await waitFor(() => expect(callsTo(server, TASK.taskEdit)).toHaveLength(1));
    expect(bodyOf(callsTo(server, TASK.taskEdit)[0])).toMatchObject({ expireTime: day(-1) });
  });

  it('sends a STOP task straight to its terminals', async () => {
    taskFormServer({ editData: editDataOf({ status: 'STOP' }) });
    const { router } = await renderPage('/basicInfo?id=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowInfo'));
    expect(router.state.location.search).toBe('?id=7&productionLineIds=11,12');
  });

  it('shows an error with a way back for an id that is not a number', async () => {
    const user = userEvent.setup();
    const server = taskFormServer();
    const { router } = await renderPage('/basicInfo?id=abc');

    expect(await screen.findByText('任务编号不正确')).toBeTruthy();
    expect(callsTo(server, TASK.taskEditData)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
  });

  it('shows the server’s message and an error for an unknown task', async () => {
    taskFormServer({ more: [refuse(TASK.taskEditData, '任务不存在', 404)] });
    await renderPage('/basicInfo?id=99');
    expect(await screen.findByText('任务加载失败')).toBeTruthy();
    expect(await screen.findByText('任务不存在')).toBeTruthy();
    expect(heading('修改任务')).toBeTruthy();
  });
});
