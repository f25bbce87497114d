import { MSG, type OperationLogRow } from '@factory/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { useSession } from '../../../lib/session-store';
import { envelope, failure, installFetch, type SeenRequest } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { OperationLogPage } from './operation-log-page';

const row = (id: number, fields: Partial<OperationLogRow> = {}): OperationLogRow => ({
  id,
  userName: 'admin',
  module: 'line',
  moduleName: '产线',
  action: '新增产线',
  method: 'POST',
  route: '/api/line/add',
  targetId: String(id),
  summary: `新增产线 #${id}`,
  statusCode: 200,
  success: true,
  ip: '127.0.0.1',
  createTime: `2026-03-01 10:00:0${id}`,
  ...fields,
});

const params = (request: SeenRequest) => Object.fromEntries(new URL(request.url, 'http://console').searchParams);
const listCalls = (seen: SeenRequest[]) => seen.filter((request) => request.url.startsWith('/api/operationLog/list'));

function serveLog(rows: OperationLogRow[], total = rows.length) {
  return installFetch((request) => {
    if (request.url.startsWith('/api/operationLog/modules')) {
      return {
        body: envelope([
          { module: 'line', moduleName: '产线' },
          { module: 'terminal', moduleName: '终端' },
          { module: 'pad', moduleName: '终端' },
        ]),
      };
    }
    if (request.url.startsWith('/api/operationLog/list')) {
      const { pageSize = '10', page = '1' } = params(request);
      return { body: envelope({ list: rows, total, pageSize: Number(pageSize), pageNum: Number(page) }) };
    }
    return { status: 404, body: failure(MSG.apiNotFound) };
  });
}

const renderPage = () =>
  render(
    <Providers>
      <OperationLogPage />
    </Providers>,
  );

beforeEach(() => {
  useSession.getState().clear();
  useSession.getState().signIn(loginResultWith());
});

describe('operation log page', () => {
  it('shows each entry with its index, module, target, result and time', async () => {
    serveLog([row(1), row(2, { targetId: null, success: false, statusCode: 409, summary: '删除产线' })], 2);
    renderPage();

    expect(await screen.findByText('新增产线 #1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '操作日志' })).toBeTruthy();
    expect(screen.getByText('系统管理')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    const cells = (index: number) => within(rows[index]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(0)).toEqual(['1', 'admin', '产线', '新增产线', '1', '新增产线 #1', '成功', '127.0.0.1', '2026-03-01 10:00:01']);
    expect(cells(1)).toEqual(['2', 'admin', '产线', '新增产线', '-', '删除产线', '失败', '127.0.0.1', '2026-03-01 10:00:02']);
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('shows an empty table when nothing was logged', async () => {
    serveLog([]);
    renderPage();
    const table = await screen.findByRole('table');
    expect((await within(table).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('asks for the newest entries 10 at a time and numbers the rows across pages', async () => {
    const user = userEvent.setup();
    const seen = serveLog([row(1)], 25);
    renderPage();
    await screen.findByText('新增产线 #1');
    expect(params(listCalls(seen)[0]!)).toEqual({ page: '1', pageSize: '10' });

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(params(listCalls(seen).at(-1)!)).toEqual({ page: '3', pageSize: '10' }));
    expect(await screen.findByRole('cell', { name: '21' })).toBeTruthy();
  });

  it('sends the operator on Enter, and module and dates with 查询; toTime is the day after the end date', async () => {
    const user = userEvent.setup();
    const seen = serveLog([row(1)]);
    renderPage();
    await screen.findByText('新增产线 #1');

    await user.type(screen.getByRole('textbox', { name: '操作人' }), ' li_ming {Enter}');
    await waitFor(() => expect(listCalls(seen)).toHaveLength(2));
    expect(params(listCalls(seen)[1]!)).toEqual({ page: '1', pageSize: '10', userName: 'li_ming' });

    await user.click(screen.getByRole('combobox', { name: '模块' }));
    await user.click(await screen.findByTitle('终端（pad）'));
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.type(screen.getByPlaceholderText('开始日期'), '2026-01-30{Enter}');
    await user.type(screen.getByPlaceholderText('结束日期'), '2026-01-31{Enter}');
    await user.click(screen.getByRole('button', { name: '查询' }));

    await waitFor(() =>
      expect(params(listCalls(seen).at(-1)!)).toEqual({
        page: '1',
        pageSize: '10',
        userName: 'li_ming',
        module: 'pad',
        fromTime: '2026-01-30',
        toTime: '2026-02-01',
      }),
    );

    const before = listCalls(seen).length;
    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls(seen).length).toBeGreaterThan(before));
    expect(params(listCalls(seen).at(-1)!)).toEqual({ page: '1', pageSize: '10' });
    expect((screen.getByRole('textbox', { name: '操作人' }) as HTMLInputElement).value).toBe('');
  });

  it('does not offer dates after today', async () => {
    const user = userEvent.setup();
    serveLog([]);
    renderPage();
    await user.click(screen.getByPlaceholderText('开始日期'));

    const cell = (date: dayjs.Dayjs) => document.querySelector(`td[title="${date.format('YYYY-MM-DD')}"]`);
    await waitFor(() => expect(cell(dayjs())).not.toBeNull());
    expect(cell(dayjs())?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell(dayjs().add(1, 'day'))?.className).toContain('ant-picker-cell-disabled');
  });

  it('shows the server errorMsg when the list is refused', async () => {
    installFetch(() => ({ status: 403, body: failure(MSG.noPermission) }));
    renderPage();
    expect(await screen.findByText(MSG.noPermission)).toBeTruthy();
  });
});
