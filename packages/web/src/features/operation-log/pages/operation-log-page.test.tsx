import { LINE_ENDPOINTS, MSG, OPERATION_LOG_ENDPOINTS as LOG, type OperationLogRow } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

const row = (id: number, fields: Partial<OperationLogRow> = {}): OperationLogRow => ({
  id,
  userName: 'admin',
  module: 'line',
  moduleName: '产线',
  action: '新增产线',
  method: 'POST',
  route: LINE_ENDPOINTS.lineAdd.path,
  targetId: String(id),
  summary: `新增产线 #${id}`,
  statusCode: 200,
  success: true,
  ip: '127.0.0.1',
  createTime: `2026-03-01 10:00:0${id}`,
  ...fields,
});

function serveLog(rows: OperationLogRow[], total = rows.length) {
  return installServer(
    answer(LOG.operationLogModules, [
      { module: 'line', moduleName: '产线' },
      { module: 'terminal', moduleName: '终端' },
      { module: 'pad', moduleName: '终端' },
    ]),
    answer(LOG.operationLogList, ({ query }) => {
      const { pageSize = '10', page = '1' } = query;
      return { list: rows, total, pageSize: Number(pageSize), pageNum: Number(page) };
    }),
  );
}

const openPage = () => renderPage('/operationLog');

beforeEach(() => {
  useSession.getState().clear();
  useSession.getState().signIn(loginResultWith());
});

describe('operation log page', () => {
  it('shows each entry with its index, module, target, result and time', async () => {
    serveLog([row(1), row(2, { targetId: null, success: false, statusCode: 409, summary: '删除产线' })], 2);
    await openPage();

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
    await openPage();
    const table = await screen.findByRole('table');
    expect((await within(table).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('asks for the newest entries 10 at a time and numbers the rows across pages', async () => {
    const user = userEvent.setup();
    const server = serveLog([row(1)], 25);
    await openPage();
    await screen.findByText('新增产线 #1');
    expect(server.calls(LOG.operationLogList)[0]!.query).toEqual({ page: '1', pageSize: '10' });

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(server.calls(LOG.operationLogList).at(-1)!.query).toEqual({ page: '3', pageSize: '10' }));
    expect(await screen.findByRole('cell', { name: '21' })).toBeTruthy();
  });

  it('sends the operator on Enter, and module and dates with 查询; toTime is the day after the end date', async () => {
    const user = userEvent.setup();
    const server = serveLog([row(1)]);
    const listCalls = () => server.calls(LOG.operationLogList);
    await openPage();
    await screen.findByText('新增产线 #1');

    await user.type(screen.getByRole('textbox', { name: '操作人' }), ' li_ming {Enter}');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]!.query).toEqual({ page: '1', pageSize: '10', userName: 'li_ming' });

    await user.click(screen.getByRole('combobox', { name: '模块' }));
    await user.click(await screen.findByTitle('终端（pad）'));
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.type(screen.getByPlaceholderText('开始日期'), '2026-01-30{Enter}');
    await user.type(screen.getByPlaceholderText('结束日期'), '2026-01-31{Enter}');
    await user.click(screen.getByRole('button', { name: '查询' }));

    await waitFor(() =>
      expect(listCalls().at(-1)!.query).toEqual({
        page: '1',
        pageSize: '10',
        userName: 'li_ming',
        module: 'pad',
        fromTime: '2026-01-30',
        toTime: '2026-02-01',
      }),
    );

    const before = listCalls().length;
    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(listCalls().at(-1)!.query).toEqual({ page: '1', pageSize: '10' });
    expect((screen.getByRole('textbox', { name: '操作人' }) as HTMLInputElement).value).toBe('');
  });

  it('does not offer dates after today', async () => {
    const user = userEvent.setup();
    serveLog([]);
    await openPage();
    await user.click(screen.getByPlaceholderText('开始日期'));

    const cell = (date: dayjs.Dayjs) => document.querySelector(`td[title="${date.format('YYYY-MM-DD')}"]`);
    await waitFor(() => expect(cell(dayjs())).not.toBeNull());
    expect(cell(dayjs())?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell(dayjs().add(1, 'day'))?.className).toContain('ant-picker-cell-disabled');
  });

  it('shows the server errorMsg when the list is refused', async () => {
    installServer(refuse(LOG.operationLogModules, MSG.noPermission, 403), refuse(LOG.operationLogList, MSG.noPermission, 403));
    await openPage();
    expect(await screen.findByText(MSG.noPermission)).toBeTruthy();
  });
});
