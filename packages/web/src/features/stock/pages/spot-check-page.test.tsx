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
import { batchOf, openBatchOf, PRODUCT_MODELS } from '../stock-fixtures';

const batches = [
  batchOf({ id: 31, batchId: 'PC001' }),
  batchOf({
    id: 32,
    batchId: 'PC002',
    checkTime: '2026-03-02 14:00:00',
    operator: 'qc_liu',
    checkedCount: 5,
    verdict: 'ACCEPT',
  }),
  batchOf({ id: 33, batchId: 'PC003', checkTime: '2026-03-02 15:00:00', operator: 'qc_liu', defectCount: 1, verdict: 'REJECT', severity: 'TIGHTENED', sampleSize: 8 }),
  openBatchOf({ id: 34, batchId: 'PC004', count: 7 }),
];

function batchServer() {
  return installServer(
    answer(STOCK.stockProductModels, PRODUCT_MODELS),
    answer(STOCK.stockBatchList, ({ query }) => pageOfRows(batches, 45, Number(query.pageNum), Number(query.pageSize))),
  );
}

const lastQuery = (server: FakeServer) => server.calls(STOCK.stockBatchList).at(-1)?.query;
const rowOf = (batchNo: string) => screen.getByRole('row', { name: new RegExp(`\\b${batchNo}\\b`) });
const cellsOf = (batchNo: string) => within(rowOf(batchNo)).getAllByRole('cell').map((cell) => cell.textContent);
const today = () => dayjs().format('YYYY-MM-DD');

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('抽检管理 page', () => {
  it('lists today’s batches with plan, verdict, a dash for no check yet, and 进入 to the batch', async () => {
    const server = batchServer();
    await renderPage('/spotCheck');
    await screen.findByText('PC001');

    expect(screen.getByRole('heading', { name: '抽检管理' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/成品检测/抽检管理');
    expect(server.calls(STOCK.stockBatchList)[0]?.query).toEqual({ pageNum: '1', pageSize: '10', day: today() });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '序号', '批次号', '产品型号', '产线', '设备数量', '入库时间', '抽检时间', '抽检人', '抽样方案', '判定', '操作',
    ]);
    expect(cellsOf('PC001')).toEqual([
      '1', 'PC001', 'HM-100', '总装一线', '20', '2026-03-02 09:00:00', '-', '-', 'n=5 Ac=0 Re=1', '待抽检', '进入',
    ]);
    expect(cellsOf('PC002').slice(6)).toEqual(['2026-03-02 14:00:00', 'qc_liu', 'n=5 Ac=0 Re=1', '合格', '进入']);
    expect(cellsOf('PC004').slice(4)).toEqual(['7', '2026-03-02 09:00:00', '-', '-', '入库中', '入库中', '进入']);
    expect(rowOf('PC002').querySelector('.ant-tag-success')?.textContent).toBe('合格');
    expect(rowOf('PC003').querySelector('.ant-tag-error')?.textContent).toBe('不合格');
    // a plan drawn from the tightened table says so
    expect(cellsOf('PC003')[8]).toBe('n=8 Ac=0 Re=1 加严');
    expect(rowOf('PC004').querySelector('.ant-tag-default')?.textContent).toBe('入库中');
    expect(within(rowOf('PC002')).getByRole('link', { name: '进入' }).getAttribute('href')).toBe('/spotCheckDevice?id=32');
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('searches the batch number on Enter and the product at once, keeping both in the address', async () => {
    const user = userEvent.setup();
    const server = batchServer();
    const { router } = await renderPage('/spotCheck');
    await screen.findByText('PC001');

    await user.type(screen.getByRole('textbox', { name: '批次号' }), ' PC00 ');
    expect(server.calls(STOCK.stockBatchList)).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '10', day: today(), batchId: 'PC00' }));

    await user.click(screen.getByRole('combobox', { name: '产品型号' }));
    await chooseOption(user, 'HM-200');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ batchId: 'PC00', productId: '4' }));
    const listAddress = `/spotCheck${router.state.location.search}`;
    expect(new URLSearchParams(router.state.location.search).get('batchNo')).toBe('PC00');
    expect(new URLSearchParams(router.state.location.search).get('productId')).toBe('4');

    // 进入 hands the batch page the list as it was left, for its 返回.
    await user.click(within(rowOf('PC003')).getByRole('link', { name: '进入' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/spotCheckDevice'));
    expect(router.state.location.search).toBe('?id=33');
    expect(router.state.location.state).toEqual({ back: listAddress });
  });

  it('sends no day once the date is cleared, another day when typed, and offers none after today', async () => {
    // The picker's × shows on hover only (pointer-events: none until then).
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const server = batchServer();
    await renderPage('/spotCheck');
    await screen.findByText('PC001');

    const picker = screen.getByPlaceholderText('入库日期');
    expect((picker as HTMLInputElement).value).toBe(today());
    await user.click(document.querySelector<HTMLElement>('.ant-picker-clear')!);
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '10' }));

    await user.click(picker);
    const cell = (date: dayjs.Dayjs) => document.querySelector(`td[title="${date.format('YYYY-MM-DD')}"]`);
    await waitFor(() => expect(cell(dayjs())).not.toBeNull());
    expect(cell(dayjs())?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell(dayjs().add(1, 'day'))?.className).toContain('ant-picker-cell-disabled');

    await user.type(picker, '2026-01-30{Enter}');
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '10', day: '2026-01-30' }));
  });

  it('pages 10/20/50 and opens at the page and filters of its address', async () => {
    const user = userEvent.setup();
    const server = batchServer();
    const { router } = await renderPage('/spotCheck?day=&productId=3&page=2');
    await screen.findByText('PC001');
    expect(server.calls(STOCK.stockBatchList)[0]?.query).toEqual({ pageNum: '2', pageSize: '10', productId: '3' });
    expect((screen.getByPlaceholderText('入库日期') as HTMLInputElement).value).toBe('');
    expect(cellsOf('PC001')[0]).toBe('11');

    const changer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    await user.click(within(changer!).getByRole('combobox'));
    await chooseOption(user, '20 条/页');
    await waitFor(() => expect(lastQuery(server)).toEqual({ pageNum: '1', pageSize: '20', productId: '3' }));
    expect(router.state.location.search).toBe('?day=&productId=3&pageSize=20');
  });

  it('shows the empty state, and the server’s refusal with 重试', async () => {
    const server = installServer(answer(STOCK.stockProductModels, {}), answer(STOCK.stockBatchList, pageOfRows([])));
    await renderPage('/spotCheck');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();

    server.put(refuse(STOCK.stockBatchList, '无权查看'));
    await userEvent.setup().type(screen.getByRole('textbox', { name: '批次号' }), 'X{Enter}');
    expect(await screen.findByText('抽检批次加载失败')).toBeTruthy();
    expect(await screen.findByText('无权查看')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
