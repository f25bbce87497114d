import { MSG, TASK_ENDPOINTS, TASK_LIMITS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { DETAIL_REFRESH_MS, taskDetailQuery } from '../api/get-task-detail';
import { detailFlowOf, taskDetailOf, taskSession } from '../task-fixtures';

configure({ asyncUtilTimeout: 5000 });

const flows = [
  detailFlowOf({
    id: 101,
    sequence: 1,
    name: '上电检测',
    flowStatus: 1,
    finishNumber: 42,
    realSpeed: 36.25,
    totalCount: 57,
    useCount: 1,
    padsWithUserInfo: [
      { id: 1, code: 'PAD001', name: '一号工位', free: false, userName: 'worker_wang' },
      { id: 2, code: 'PAD002', name: '二号工位', free: true, userName: null },
    ],
  }),
  ...[2, 3, 4, 5, 6].map((sequence) => detailFlowOf({ id: 100 + sequence, sequence, name: `检测${sequence}` })),
];
const detail = taskDetailOf({
  id: 8,
  number: 'GW_100',
  status: 'START',
  finishNumber: 30,
  startTime: '2026-03-02 08:00:00',
  // out of order on purpose: the page orders by sequence
  flows: [flows[3]!, flows[0]!, flows[5]!, flows[1]!, flows[4]!, flows[2]!],
});

const DETAIL = TASK_ENDPOINTS.taskDetail;

/** A tile's figures, term by value. */
function figuresOf(tile: string): Record<string, string> {
  const element = screen.getByRole('listitem', { name: tile });
  return Object.fromEntries(
    [...element.querySelectorAll('dl > div')].map((pair) => [pair.querySelector('dt')?.textContent, pair.querySelector('dd')?.textContent]),
  );
}

beforeEach(() => useSession.getState().signIn(taskSession()));

describe('任务详情 page', () => {
  it('shows the summary and the flows in snake order with their numbers and terminals', async () => {
    const server = installServer(answer(DETAIL, detail));
    await renderPage('/productionTaskDetail?id=8');

    const first = within(await screen.findByRole('listitem', { name: '流程1 上电检测' }));
    expect(screen.getByRole('heading', { name: '任务详情' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('产线检测/任务详情');
    expect(server.calls(DETAIL)[0]?.query).toEqual({ id: '8' });

    expect(screen.getByText('GW_100')).toBeTruthy();
    // The task's own number, as the list, the board and the code export's file name give it.
    const number = screen.getByText('任务编号').closest('tr, .ant-descriptions-item');
    expect(number?.textContent).toContain('#8');
    expect(screen.getByText('2026-03-02 08:00:00')).toBeTruthy();
    expect(screen.getAllByText('生产中').length).toBeGreaterThanOrEqual(2);

    expect(figuresOf('流程1 上电检测')).toEqual({ 完成: '42/100', 节拍: '36.3 秒/台', 检测次数: '57', 在用终端: '1' });
    const pads = within(first.getByRole('list', { name: '流程1的终端' })).getAllByRole('listitem');
    expect(pads.map((pad) => pad.textContent)).toEqual(['一号工位 (PAD001)worker_wang', '二号工位 (PAD002)空闲']);

    const second = within(screen.getByRole('listitem', { name: '流程2 检测2' }));
    expect(second.getByText('未开始')).toBeTruthy();
    expect(figuresOf('流程2 检测2')).toEqual({ 完成: '0/100', 节拍: '—', 检测次数: '0', 在用终端: '0' });
    expect(second.getByText('未设置终端')).toBeTruthy();

    // Drawing order: 1 2 3 4 on the first row, then 5 at the right end of the second (the snake turns).
    const tiles = [...document.querySelectorAll<HTMLElement>('.flow-tiles__cell')];
    const places = tiles.map((cell) => [cell.textContent?.match(/^\d+/)?.[0], cell.style.gridRow, cell.style.gridColumn]);
    expect(places).toEqual([
      ['1', '1', '1'],
      ['2', '1', '3'],
      ['3', '1', '5'],
      ['4', '1', '7'],
      ['6', '3', '5'],
      ['5', '3', '7'],
    ]);
    const turn = document.querySelector<HTMLElement>('.flow-tiles__turn');
    expect([turn?.style.gridRow, turn?.style.gridColumn]).toEqual(['2', '7']);
    expect(document.querySelectorAll('.flow-tiles__arrow')).toHaveLength(4);
  });

  it('polls the detail every 30 seconds until a refusal', () => {
    expect(DETAIL_REFRESH_MS).toBe(TASK_LIMITS.detailRefreshSeconds * 1000);
    expect(DETAIL_REFRESH_MS).toBe(30_000);
    const interval = taskDetailQuery(8).refetchInterval as (query: { state: { error: unknown } }) => number | false;
    expect(interval({ state: { error: null } })).toBe(30_000);
    // A network failure may pass; an unknown task or a refusal will not, so polling stops.
    expect(interval({ state: { error: new ApiError('server', MSG.serverError, null) } })).toBe(30_000);
    expect(interval({ state: { error: new ApiError('business', '任务不存在', 404) } })).toBe(false);
  });

  it('refreshes on 刷新 and goes back to the list on 返回', async () => {
    const user = userEvent.setup();
    const server = installServer(answer(DETAIL, detail));
    const { router } = await renderPage('/productionTaskDetail?id=8');
    await screen.findByRole('listitem', { name: '流程1 上电检测' });

    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(server.calls(DETAIL)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
  });

  it('says so when the task does not exist, with a way back', async () => {
    const user = userEvent.setup();
    installServer(refuse(DETAIL, '任务不存在', 404));
    const { router } = await renderPage('/productionTaskDetail?id=99');

    expect(await screen.findByText('该任务不存在、已被删除或无权查看')).toBeTruthy();
    expect(screen.getAllByText('任务不存在').length).toBeGreaterThanOrEqual(1);
    await user.click(screen.getByRole('button', { name: '返回任务列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionCenter'));
  });

  it('asks for nothing without an id', async () => {
    const server = installServer(answer(DETAIL, detail));
    await renderPage('/productionTaskDetail');
    expect(await screen.findByText('未指定任务')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回任务列表' })).toBeTruthy();
    expect(server.calls(DETAIL)).toHaveLength(0);
  });
});
