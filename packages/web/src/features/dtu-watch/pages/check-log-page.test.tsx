import { DTU_TASK_ENDPOINTS as DTU } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, type FakeServer, installServer } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { dtuOf, logItemOf, taskOf } from '../dtu-watch-fixtures';

const URL = '/checkLog?partsId=5&partsType=1&taskId=31&dtuId=9&dtuNumber=HR-DTU01&taskType=normal';

/** 250 reports, ids 250 down to 1, answered 100 at a time below `beforeId`. */
function sliceOf({ query }: FakeRequest) {
  const below = query.beforeId ? Number(query.beforeId) : 251;
  const size = Number(query.pageSize);
  const ids = Array.from({ length: Math.min(size, below - 1) }, (_, index) => below - 1 - index);
  const list = ids.map((id) =>
    logItemOf({
      id,
      imei: `86000000000${String(id).padStart(4, '0')}`,
      source: id % 2 ? 'STATION' : 'MQTT',
      content: id === 250 ? 'CSQ=1' : JSON.stringify({ CSQ: id % 32, VERSION: '1.2.0' }),
    }),
  );
  return { list, total: 250, pageSize: size, pageNum: 1, hasMore: ids.length > 0 && ids[ids.length - 1]! > 1 };
}

function logServer(task = taskOf()) {
  return installServer(answer(DTU.dtuTaskCheckHistoryList, sliceOf), answer(DTU.dtuTaskDetail, task));
}

const lastQuery = (server: FakeServer) => server.calls(DTU.dtuTaskCheckHistoryList).at(-1)?.query;
const bodyRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('检测日志 page', () => {
  it('shows the reports newest first, with their source and content as formatted JSON', async () => {
    const server = logServer();
    await renderPage(URL);
    await screen.findByText('860000000000249');

    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/检测日志');
    const crumbs = within(document.querySelector<HTMLElement>('.page-header__breadcrumb')!);
    expect(crumbs.getByRole('link', { name: '配件检测' }).getAttribute('href')).toBe('/parts');
    expect(crumbs.getByRole('link', { name: '配件详情' }).getAttribute('href')).toBe('/partsDetail?partsId=5&partsType=1');
    expect(crumbs.getByRole('link', { name: 'DTU任务' }).getAttribute('href')).toBe('/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&isAdd=no');
    expect(server.calls(DTU.dtuTaskCheckHistoryList)[0]?.query).toEqual({ dtuId: '9', taskId: '31', page: '1', pageSize: '100' });

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['序号', 'IMEI', '上报时间', '来源', '上报内容']);
    const cells = (index: number) => [...bodyRows()[index]!.querySelectorAll('td')].map((cell) => cell.textContent);
    // a report that was not JSON, as received
    expect(cells(0)).toEqual(['1', '860000000000250', '2026-03-02 09:00:00', 'MQTT', 'CSQ=1']);
    expect(cells(1).slice(0, 4)).toEqual(['2', '860000000000249', '2026-03-02 09:00:00', '工位']);
    const pre = bodyRows()[1]!.querySelector('pre');
    expect(pre?.textContent).toBe('{\n  "CSQ": 25,\n  "VERSION": "1.2.0"\n}');
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByLabelText('上报记录数').textContent).toBe('共 250 条，已加载 100 条');
  });

  it('loads the next slices below the last report until all are loaded', async () => {
    const user = userEvent.setup();
    const server = logServer();
    await renderPage(URL);
    await screen.findByText('860000000000249');

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(200));
    expect(lastQuery(server)).toEqual({ dtuId: '9', taskId: '31', beforeId: '151', page: '1', pageSize: '100' });
    // appended, numbered on
    expect([...bodyRows()[100]!.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent)).toEqual(['101', '860000000000150']);

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(250));
    expect(lastQuery(server)?.beforeId).toBe('51');
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(screen.getByLabelText('上报记录数').textContent).toBe('共 250 条，已加载 250 条');
  });

  it('searches the IMEI on Enter and filters by report dates', async () => {
    const user = userEvent.setup();
    const server = logServer();
    const { router } = await renderPage(URL);
    await screen.findByText('860000000000249');

    await user.type(screen.getByRole('textbox', { name: 'IMEI' }), '8600');
    expect(server.calls(DTU.dtuTaskCheckHistoryList)).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery(server)).toEqual({ dtuId: '9', taskId: '31', imei: '8600', page: '1', pageSize: '100' }));

    // a range written in the address (as the picker writes it) is asked from the first day's start to the last day's end
    const today = dayjs().format('YYYY-MM-DD');
    await router.navigate(`${URL}&imei=8600&from=2026-03-01&to=${today}`, { replace: true });
    await waitFor(() =>
      expect(lastQuery(server)).toEqual({
        dtuId: '9',
        taskId: '31',
        imei: '8600',
        from: '2026-03-01 00:00:00',
        to: `${today} 23:59:59`,
        page: '1',
        pageSize: '100',
      }),
    );
    // the picker shows the range once it re-renders from the address (a loaded machine takes a moment)
    await waitFor(() => {
      const [start, end] = screen.getAllByRole('textbox').filter((box) => box.closest('.ant-picker-range')) as HTMLInputElement[];
      expect([start?.value, end?.value]).toEqual(['2026-03-01', today]);
    });
  });

  it('names the units by MAC for a WIFI DTU, and leads back to 返工模式 for a rework task', async () => {
    logServer(taskOf({ detail: dtuOf({ communicationType: 'WIFI' }), communicationType: 'WIFI', reworkTask: true }));
    await renderPage(URL.replace('taskType=normal', 'taskType=rework'));
    await waitFor(() => expect(screen.getAllByRole('columnheader')[1]?.textContent).toBe('MAC'));
    expect(screen.getByRole('textbox', { name: 'MAC' })).toBeTruthy();
    const crumbs = within(document.querySelector<HTMLElement>('.page-header__breadcrumb')!);
    expect(crumbs.getByRole('link', { name: '返工模式' }).getAttribute('href')).toBe('/rework?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01');
  });

  it('asks for every report of the DTU when no task is named', async () => {
    const server = logServer();
    await renderPage('/checkLog?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01&taskType=normal');
    await screen.findByText('860000000000249');
    expect(server.calls(DTU.dtuTaskCheckHistoryList)[0]?.query).toEqual({ dtuId: '9', page: '1', pageSize: '100' });
    expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(0);
  });
});
