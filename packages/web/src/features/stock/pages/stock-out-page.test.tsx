import { STOCK_ENDPOINTS as STOCK } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { pageOfRows } from '../../../test/account-role-fixtures';
import { answer, type FakeServer, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import { outputOf, PRODUCT_MODELS } from '../stock-fixtures';

const shipped = [outputOf({ id: 1 }), outputOf({ id: 2, sn: null, productNumber: 'HM-200', batchNo: 'PC002', operator: 'pda_sun' })];

function outputServer() {
  return installServer(
    answer(STOCK.stockProductModels, PRODUCT_MODELS),
    answer(STOCK.stockOutputList, ({ query }) => pageOfRows(shipped, 31, Number(query.pageNum), Number(query.pageSize))),
  );
}

const lastQuery = (server: FakeServer) => server.calls(STOCK.stockOutputList).at(-1)?.query;
const rowOf = (code: string) => screen.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
const cellsOf = (code: string) => within(rowOf(code)).getAllByRole('cell').map((cell) => cell.textContent);
const today = () => dayjs().format('YYYY-MM-DD');

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('出库记录 page', () => {
  it('lists today’s shipped units, the production code standing in for a missing SN', async () => {
    const server = outputServer();
    await renderPage('/stockOut');
    await screen.findByText('SN-1');

    expect(screen.getByRole('heading', { name: '出库记录' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/库存管理/出库记录');
    expect(server.calls(STOCK.stockOutputList)[0]?.query).toEqual({ pageNum: '1', pageSize: '10', day: today() });
    expect((screen.getByPlaceholderText('出库日期') as HTMLInputElement).value).toBe(today());
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '序号', '设备SN', '产品型号', '批次号', '出库时间', '操作人',
    ]);
    expect(cellsOf('SN-1')).toEqual(['1', 'SN-1', 'HM-100', 'PC20260301', '2026-03-03 15:00:00', 'pda_zhao']);
    expect(cellsOf('P02')).toEqual(['2', 'P02', 'HM-200', 'PC002', '2026-03-03 15:00:00', 'pda_sun']);
    expect(screen.getByText('共 31 条')).toBeTruthy();
  });

  it('filters by product and every day, and pages with 20 a page', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const server = outputServer();
    const { router } = await renderPage('/stockOut');
    await screen.findByText('SN-1');

    await user.click(screen.getByRole('combobox', { name: '产品型号' }));
    await chooseOption(user, 'HM-100');
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '10', day: today(), productId: '3' }));

    await user.click(document.querySelector<HTMLElement>('.ant-picker-clear')!);
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '10', productId: '3' }));

    const changer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    await user.click(within(changer!).getByRole('combobox'));
    await chooseOption(user, '20 条/页');
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '20', productId: '3' }));
    expect(router.state.location.search).toBe('?productId=3&day=&pageSize=20');
  });

  it('shows the empty state, and a failed call with 重试', async () => {
    const server = installServer(answer(STOCK.stockProductModels, PRODUCT_MODELS), answer(STOCK.stockOutputList, pageOfRows([])));
    await renderPage('/stockOut');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();

    server.put(refuse(STOCK.stockOutputList, '无权查看'));
    await userEvent.setup().click(screen.getByRole('combobox', { name: '产品型号' }));
    await chooseOption(userEvent.setup(), 'HM-200');
    expect(await screen.findByText('出库记录加载失败')).toBeTruthy();
    expect(await screen.findByText('无权查看')).toBeTruthy();
  });
});
