import { type AnswerIn, MENUS, MSG, RECORD_COUNT_HEADER, RECORDS_ENDPOINTS as RECORDS, TASK_ENDPOINTS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, type FakeServer, installServer, refusal, refuse } from '../../../test/fake-server';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import { flowResultOf, recordFlowOf, recordOf, recordSession, recordTaskOf } from '../record-fixtures';

configure({ asyncUtilTimeout: 5000 });
/** A route change waits for the next page's chunk, which a loaded two-core machine may import slowly. */
const OTHER_PAGE = { timeout: 15_000 };

/** Three flows; the device P01 passed all, P02 failed the second, P03 is untested past the first. */
const flowsWith = (second: 'TEST_SUCCESS' | 'TEST_ERROR' | null, third: boolean) => [
  // out of order on purpose: the columns follow the sequence
  recordFlowOf({ id: 103, sequence: 3, name: '老化测试', runtimeTaskResultEntity: third ? flowResultOf({ id: 9003 }) : null }),
  recordFlowOf({ id: 101, sequence: 1, name: '上电检测', runtimeTaskResultEntity: flowResultOf({ id: 9001 }) }),
  recordFlowOf({
    id: 102,
    sequence: 2,
    name: '通信检测',
    runtimeTaskResultEntity: second ? flowResultOf({ id: 9002, status: second }) : null,
  }),
];
const records = [
  recordOf({ id: 'P01', deviceSn: 'SN-A1', deviceMac: 'AA:01', testStatus: 'PASS', flows: flowsWith('TEST_SUCCESS', true) }),
  recordOf({ id: 'P02', testStatus: 'NOT_PASS', createTime: '2026-03-03 10:20:30', flows: flowsWith('TEST_ERROR', false) }),
  recordOf({ id: 'P03', deviceSn: null, deviceMac: null, testStatus: null, flows: flowsWith(null, false) }),
];

/** A records page as a server answers it (issue 19's keys may be left out: their defaults apply). */
type RecordPage = AnswerIn<typeof RECORDS.recordList>;

/** The records list (123 records, the page asked); the task's flows are left unanswered unless given. */
function recordServer(
  list: (request: FakeRequest) => RecordPage | ReturnType<typeof refusal> = ({ query }) => {
    const { page = '1', pageSize = '10' } = query;
    return { data: records, totalRecord: 123, pageSize: Number(pageSize), page: Number(page) };
  },
) {
  return installServer(answer(RECORDS.recordList, list));
}

const listCalls = (server: FakeServer) => server.calls(RECORDS.recordList);
const lastQuery = (server: FakeServer) => listCalls(server).at(-1)?.query;
const rowOf = (code: string) => screen.getByRole('row', { name: new RegExp(`^${code}\\b`) });
const cellsOf = (code: string) => within(rowOf(code)).getAllByRole('cell').map((cell) => cell.textContent);
const tableIdle = () => waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());

beforeEach(() => useSession.getState().signIn(recordSession()));
afterEach(() => vi.restoreAllMocks());

describe('生产记录 page', () => {
  it('lists the devices with one column per flow in flow order, asking page 1 of 10 of the task', async () => {
    const server = recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');

    expect(screen.getByRole('heading', { name: '生产记录' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/产线检测/生产记录');
    expect(listCalls(server)[0]?.query).toEqual({ taskId: '8', page: '1', pageSize: '10' });

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['生产码', 'SN', 'MAC', '检测时间', '检测状态', '产线', '上电检测', '通信检测', '老化测试', '操作']);
    expect(cellsOf('P01')).toEqual(['P01', 'SN-A1', 'AA:01', '2026-03-02 09:00:00', '合格', 'ZZ_01,ZZ_02', '合格', '合格', '合格', '详情导出']);
    expect(cellsOf('P02')).toEqual(['P02', 'SN-P02', 'AA:BB:CC:00:00:02', '2026-03-03 10:20:30', '不合格', 'ZZ_01,ZZ_02', '合格', '不合格', '未检测', '详情导出']);
    expect(cellsOf('P03').slice(0, 9)).toEqual(['P03', '—', '—', '2026-03-02 09:00:00', '检测中', 'ZZ_01,ZZ_02', '合格', '未检测', '未检测']);
    expect(rowOf('P02').querySelectorAll('.ant-tag-error')).toHaveLength(2);
    expect(screen.getByText('共 123 条')).toBeTruthy();
  });

  it('sends status and dates at once (the end as the day after), the text on Enter or 查询, and 重置 clears them', async () => {
    const user = userEvent.setup();
    const server = recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');

    await user.click(screen.getByRole('combobox', { name: '检测状态' }));
    await chooseOption(user, '不合格');
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '1', pageSize: '10', testStatus: 'NOT_PASS' }));

    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.type(screen.getByPlaceholderText('开始日期'), '2026-01-30{Enter}');
    await user.type(screen.getByPlaceholderText('结束日期'), '2026-01-31{Enter}');
    await waitFor(() =>
      expect(lastQuery(server)).toMatchObject({ testStatus: 'NOT_PASS', fromTime: '2026-01-30', toTime: '2026-02-01' }),
    );

    const search = screen.getByRole('textbox', { name: '生产码/SN/MAC' });
    await user.type(search, ' SN-A1 ');
    const before = listCalls(server).length;
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastQuery(server)).toEqual({
        taskId: '8',
        page: '1',
        pageSize: '10',
        testStatus: 'NOT_PASS',
        fromTime: '2026-01-30',
        toTime: '2026-02-01',
        searchText: 'SN-A1',
      }),
    );
    expect(listCalls(server).length).toBe(before + 1);

    await user.clear(search);
    await user.type(search, 'AA:01');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ searchText: 'AA:01' }));

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '1', pageSize: '10' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('');
  });

  it('offers no day after today in the date range', async () => {
    const user = userEvent.setup();
    recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');
    await user.click(screen.getByPlaceholderText('开始日期'));

    const cell = (date: dayjs.Dayjs) => document.querySelector(`td[title="${date.format('YYYY-MM-DD')}"]`);
    await waitFor(() => expect(cell(dayjs())).not.toBeNull());
    expect(cell(dayjs())?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell(dayjs().subtract(1, 'day'))?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell(dayjs().add(1, 'day'))?.className).toContain('ant-picker-cell-disabled');
  });

  it('pages with sizes 10/20/50 from the answer’s totalRecord', async () => {
    const user = userEvent.setup();
    const server = recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '3', pageSize: '10' }));
    await tableIdle();

    const changer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    await user.click(within(changer!).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-dropdown .ant-select-item-option').length).toBe(3));
    const sizes = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((option) => option.getAttribute('title'));
    expect(sizes).toEqual(['10 条/页', '20 条/页', '50 条/页']);
    await chooseOption(user, '50 条/页');
    // A new size starts again at page 1.
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '1', pageSize: '50' }));
  });

  it('shows 共 10,000+ 条 for a capped total and still pages past it, each next page after the last record shown', async () => {
    const user = userEvent.setup();
    // Past 10,000 records the server stops counting (totalCapped); each page names its first and last record.
    const server = recordServer(({ query }) => {
      const page = Number(query.page ?? '1');
      return {
        data: records,
        totalRecord: 10_000,
        totalCapped: true,
        hasMore: true,
        pageSize: 10,
        page,
        firstCursor: `first-of-${page}`,
        lastCursor: `last-of-${page}`,
      };
    });
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 10,000+ 条');
    // 1,000 pages of 10, the last one named.
    expect(screen.getByTitle('1000')).toBeTruthy();

    // One page on: asked after the last record shown; a jump is by number.
    await user.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '2', pageSize: '10', after: 'last-of-1' }));
    await tableIdle();
    await user.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '3', pageSize: '10', after: 'last-of-2' }));
    await tableIdle();
    await user.click(screen.getByTitle('上一页'));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '2', pageSize: '10', before: 'first-of-3' }));
    await tableIdle();
    await user.click(screen.getByTitle('1000'));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '1000', pageSize: '10' }));
    await tableIdle();
    // Past the cap the pager still offers the next page while records follow.
    await user.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '8', page: '1001', pageSize: '10', after: 'last-of-1000' }));
    await tableIdle();
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 10,000+ 条');
    expect(screen.getByTitle('1001')).toBeTruthy();
  });

  it('shows an exact total as before', async () => {
    recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 123 条');
  });

  it('opens a record’s detail with 详情', async () => {
    const user = userEvent.setup();
    recordServer();
    const { router } = await renderPage('/productionLog?id=8');
    await screen.findByText('P02');

    await user.click(within(rowOf('P02')).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionLogDetail'), OTHER_PAGE);
    expect(router.state.location.search).toBe('?taskId=8&resultId=P02');
  });

  it('exports a record as a file fetched with the token, saved under the server’s name', async () => {
    const user = userEvent.setup();
    recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');

    // The file comes as an attachment, which the shared stand-in (text only) does not model.
    const standIn = globalThis.fetch;
    const asked: Array<{ url: string; authorization: string | undefined }> = [];
    globalThis.fetch = (input, init) => {
      if (!String(input).startsWith(RECORDS.recordExport.path)) return standIn(input, init);
      asked.push({ url: String(input), authorization: (init?.headers as Record<string, string>).Authorization });
      return Promise.resolve(
        new Response('x', { headers: { 'Content-Disposition': `attachment; filename*=UTF-8''P01_%E7%94%9F%E4%BA%A7%E8%AE%B0%E5%BD%95.xlsx` } }),
      );
    };
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    await user.click(within(rowOf('P01')).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(downloads).toEqual(['P01_生产记录.xlsx']));
    expect(asked).toEqual([{ url: `${RECORDS.recordExport.path}?id=P01`, authorization: 'Bearer token-1' }]);
  });

  /**
   * The list's export as the server sends it: an attachment whose body arrives
   * when the test pushes it, so the progress can be read between chunks.
   */
  function listExportServer() {
    const standIn = globalThis.fetch;
    let body: ReadableStreamDefaultController<Uint8Array> | null = null;
    const asked: Array<{ url: string; authorization: string | undefined; signal: AbortSignal | undefined }> = [];
    globalThis.fetch = (input, init) => {
      if (!String(input).startsWith(RECORDS.recordExportList.path)) return standIn(input, init);
      asked.push({ url: String(input), authorization: (init?.headers as Record<string, string>).Authorization, signal: init?.signal ?? undefined });
      const stream = new ReadableStream<Uint8Array>({
        start: (controller) => {
          body = controller;
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return Promise.resolve(
        new Response(stream, {
          headers: {
            'Content-Disposition': `attachment; filename*=UTF-8''M1_%E7%94%9F%E4%BA%A7%E8%AE%B0%E5%BD%95_8.xlsx`,
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            [RECORD_COUNT_HEADER]: '123',
          },
        }),
      );
    };
    return {
      asked,
      send: (bytes: number) => body!.enqueue(new Uint8Array(bytes)),
      end: () => body!.close(),
    };
  }
  const progressText = () => screen.queryByRole('status')?.textContent ?? null;

  it('exports the filtered list, every page, showing the record count and the bytes received until it is saved', async () => {
    const user = userEvent.setup();
    const server = recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');
    await user.click(screen.getByRole('combobox', { name: '检测状态' }));
    await chooseOption(user, '不合格');
    await user.type(screen.getByRole('textbox', { name: '生产码/SN/MAC' }), 'AA:{Enter}');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ testStatus: 'NOT_PASS', searchText: 'AA:' }));
    // A filter typed but not searched is not the list's, so not the export's either.
    await user.type(screen.getByRole('textbox', { name: '生产码/SN/MAC' }), 'B');

    const exported = listExportServer();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: '导出列表' }));
    await waitFor(() => expect(progressText()).toBe('正在导出 123 条记录，已接收 0 B取消'));
    expect(exported.asked).toEqual([
      {
        url: `${RECORDS.recordExportList.path}?taskId=8&testStatus=NOT_PASS&searchText=AA%3A`,
        authorization: 'Bearer token-1',
        signal: expect.any(AbortSignal),
      },
    ]);
    exported.send(800);
    await waitFor(() => expect(progressText()).toBe('正在导出 123 条记录，已接收 800 B取消'));
    exported.send(2048);
    await waitFor(() => expect(progressText()).toBe('正在导出 123 条记录，已接收 2.8 KB取消'));
    exported.send(3 * 1024 * 1024);
    await waitFor(() => expect(progressText()).toBe('正在导出 123 条记录，已接收 3.0 MB取消'));
    expect(downloads).toEqual([]);
    exported.end();
    await waitFor(() => expect(downloads).toEqual(['M1_生产记录_8.xlsx']));
    expect(await screen.findByText('已导出 123 条记录')).toBeTruthy();
    expect(progressText()).toBeNull();
  });

  it('cancels an export on 取消: the download stops and nothing is saved', async () => {
    const user = userEvent.setup();
    recordServer();
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');
    const exported = listExportServer();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    await user.click(screen.getByRole('button', { name: '导出列表' }));
    exported.send(100);
    await waitFor(() => expect(progressText()).toBe('正在导出 123 条记录，已接收 100 B取消'));
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('已取消导出')).toBeTruthy();
    expect(exported.asked[0]!.signal!.aborted).toBe(true);
    expect(progressText()).toBeNull();
    expect(downloads).toEqual([]);
  });

  it('shows the refusal of the list’s export, and offers none for an empty list', async () => {
    const user = userEvent.setup();
    let total = 3;
    installServer(
      refuse(RECORDS.recordExportList, '数据不存在', 404),
      answer(RECORDS.recordList, () => ({ data: total ? records : [], totalRecord: total, pageSize: 10, page: 1 })),
    );
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');
    await user.click(screen.getByRole('button', { name: '导出列表' }));
    expect(await screen.findByText('数据不存在')).toBeTruthy();
    expect(progressText()).toBeNull();

    total = 0;
    await user.click(screen.getByRole('combobox', { name: '检测状态' }));
    await chooseOption(user, '合格');
    await waitFor(() => expect(screen.getByRole('button', { name: '导出列表' }).hasAttribute('disabled')).toBe(true));
  });

  it('shows the refusal of an export', async () => {
    const user = userEvent.setup();
    installServer(
      refuse(RECORDS.recordExport, '生产记录不存在', 404),
      answer(RECORDS.recordList, { data: records, totalRecord: 3, pageSize: 10, page: 1 }),
    );
    await renderPage('/productionLog?id=8');
    await screen.findByText('P01');

    await user.click(within(rowOf('P03')).getByRole('button', { name: '导出' }));
    expect(await screen.findByText('生产记录不存在')).toBeTruthy();
  });

  it('shows 暂无数据 under the columns of the task’s flows when no record shows, and none without the task', async () => {
    const taskFlows = [
      { id: 102, name: '通信检测', sequence: 2 },
      { id: 101, name: '上电检测', sequence: 1 },
    ];
    const server = installServer(
      answer(RECORDS.recordList, { data: [], totalRecord: 0, pageSize: 10, page: 1 }),
      answer(TASK_ENDPOINTS.taskDetail, recordTaskOf(8, taskFlows)),
    );
    await renderPage('/productionLog?id=8');
    await waitFor(() => expect(document.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(9));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '生产码',
      'SN',
      'MAC',
      '检测时间',
      '检测状态',
      '产线',
      '上电检测',
      '通信检测',
      '操作',
    ]);
    expect(server.calls(TASK_ENDPOINTS.taskDetail)[0]?.query).toEqual({ id: '8' });
  });

  it('lists no flow column while neither the task nor a record names one', async () => {
    recordServer(() => ({ data: [], totalRecord: 0, pageSize: 10, page: 1 }));
    await renderPage('/productionLog?id=8');
    await waitFor(() => expect(document.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '生产码',
      'SN',
      'MAC',
      '检测时间',
      '检测状态',
      '产线',
      '操作',
    ]);
  });

  it('shows the server’s refusal and a retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    recordServer(() =>
      fail ? refusal(MSG.noPermission, 403) : { data: records, totalRecord: 3, pageSize: 10, page: 1 },
    );
    await renderPage('/productionLog?id=8');

    expect(await screen.findByText(MSG.noPermission)).toBeTruthy();
    expect(screen.getByText('生产记录加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('P01')).toBeTruthy();
  });

  it('asks for nothing without a task id and goes back to the task list', async () => {
    const user = userEvent.setup();
    const server = recordServer();
    const { router } = await renderPage('/productionLog');
    expect(await screen.findByText('未指定任务')).toBeTruthy();
    expect(listCalls(server)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MENUS.productionCenter), OTHER_PAGE);
  });
});
