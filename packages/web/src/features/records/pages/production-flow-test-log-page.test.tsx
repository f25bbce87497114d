import { type Answer, MSG, RECORDS_ENDPOINTS as RECORDS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, type FakeServer, installServer, refusal, type Refusal } from '../../../test/fake-server';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import { historyEntryOf, recordSession } from '../record-fixtures';
import { encodeTwice } from '../record-view';

configure({ asyncUtilTimeout: 5000 });
/** A route change waits for the next page's chunk, which a loaded two-core machine may import slowly. */
const OTHER_PAGE = { timeout: 15_000 };

const FLOW_NAME = '通信/检测 100%&A';
const entries = [
  historyEntryOf({ id: 9003, attempt: 3, uname: 'worker_li', status: 'TEST_SUCCESS' }),
  historyEntryOf({ id: 9002, attempt: 2, uname: 'worker_wang', status: 'TEST_ERROR' }),
  historyEntryOf({ id: 9001, attempt: 1, uname: 'worker_wang', status: 'TEST_ERROR' }),
];

type HistoryPage = Answer<typeof RECORDS.flowHistoryList>;
function historyServer(
  reply: (request: FakeRequest) => HistoryPage | Refusal = ({ query }) => {
    const { page = '1', pageSize = '5' } = query;
    return { list: entries, total: 42, pageSize: Number(pageSize), pageNum: Number(page) };
  },
) {
  return installServer(answer(RECORDS.flowHistoryList, reply));
}

const historyCalls = (server: FakeServer) => server.calls(RECORDS.flowHistoryList);
const HISTORY_URL = `/productionFlowTestLog?taskId=8&resultId=P01&flowId=102&flowTopoId=102&flowName=${encodeTwice(FLOW_NAME)}`;
const tableIdle = () => waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());

beforeEach(() => useSession.getState().signIn(recordSession()));

describe('流程检测历史 page', () => {
  it('lists the device’s tests at the flow, 5 per page, under the decoded flow name', async () => {
    const server = historyServer();
    await renderPage(HISTORY_URL);

    await screen.findByText('worker_li');
    expect(screen.getByRole('heading', { name: `${FLOW_NAME} · 检测历史` })).toBeTruthy();
    expect(historyCalls(server)[0]?.query).toEqual({ flowTopoId: '102', deviceId: 'P01', page: '1', pageSize: '5' });

    const rows = screen.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['检测时间', '检测人员', '检测结果', '第几次', '操作'],
      ['2026-03-03 09:00:00', 'worker_li', '合格', '第3次', '详情'],
      ['2026-03-02 09:00:00', 'worker_wang', '不合格', '第2次', '详情'],
      ['2026-03-01 09:00:00', 'worker_wang', '不合格', '第1次', '详情'],
    ]);
    expect(screen.getByText('共 42 条')).toBeTruthy();
  });

  it('pages with sizes 5/10/15/20', async () => {
    const user = userEvent.setup();
    const server = historyServer();
    await renderPage(HISTORY_URL);
    await screen.findByText('worker_li');

    await user.click(screen.getByTitle('4'));
    await waitFor(() => expect(historyCalls(server).at(-1)?.query).toMatchObject({ page: '4', pageSize: '5' }));
    await tableIdle();

    const changer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    await user.click(within(changer!).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-dropdown .ant-select-item-option').length).toBe(4));
    const sizes = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((option) => option.getAttribute('title'));
    expect(sizes).toEqual(['5 条/页', '10 条/页', '15 条/页', '20 条/页']);
    await chooseOption(user, '15 条/页');
    await waitFor(() => expect(historyCalls(server).at(-1)?.query).toMatchObject({ page: '1', pageSize: '15' }));
  });

  it('opens one past test with 详情', async () => {
    const user = userEvent.setup();
    historyServer();
    const { router } = await renderPage(HISTORY_URL);
    await screen.findByText('worker_li');

    await user.click(within(screen.getByRole('row', { name: /第2次/ })).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionFlowDetail'), OTHER_PAGE);
    expect(router.state.location.search).toBe('?taskId=8&resultId=P01&flowId=102&testId=9002');
  });

  it('goes back to the flow detail (its latest test) on 返回', async () => {
    const user = userEvent.setup();
    historyServer();
    const { router } = await renderPage(HISTORY_URL);
    await screen.findByText('worker_li');

    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionFlowDetail'), OTHER_PAGE);
    expect(router.state.location.search).toBe('?taskId=8&resultId=P01&flowId=102');
  });

  it('shows a name that came encoded only once as it came', async () => {
    historyServer();
    await renderPage(`/productionFlowTestLog?taskId=8&resultId=P01&flowId=102&flowTopoId=102&flowName=${encodeURIComponent('100% 合格')}`);
    expect(await screen.findByRole('heading', { name: '100% 合格 · 检测历史' })).toBeTruthy();
  });

  it('shows 暂无数据 when there is no test, and the server’s message when refused', async () => {
    historyServer(() => ({ list: [], total: 0, pageSize: 5, pageNum: 1 }));
    const { unmount } = await renderPage(HISTORY_URL);
    await waitFor(() => expect(document.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
    unmount();

    historyServer(() => refusal(MSG.noPermission, 403));
    await renderPage(HISTORY_URL);
    expect(await screen.findByText(MSG.noPermission)).toBeTruthy();
    expect(screen.getByText('检测历史加载失败')).toBeTruthy();
  });

  it('asks for nothing without the flow', async () => {
    const server = historyServer();
    await renderPage('/productionFlowTestLog?taskId=8&resultId=P01');
    expect(await screen.findByText('未指定流程')).toBeTruthy();
    expect(historyCalls(server)).toHaveLength(0);
  });
});
