import { STOCK_ENDPOINTS as STOCK, STOCK_MSG } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { pageOfRows } from '../../../test/account-role-fixtures';
import { answer, type FakeServer, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import { batchOf, openBatchOf, unitOf } from '../stock-fixtures';

const units = [
  unitOf({
    id: 1,
    imei: '860000000000001',
    ifCheck: true,
    checkPass: true,
    operator: 'qc_liu',
    randomCheckTime: '2026-03-02 14:00:00',
  }),
  unitOf({
    id: 2,
    ifCheck: true,
    checkPass: false,
    defect: '外壳划伤',
    operator: 'qc_liu',
    randomCheckTime: '2026-03-02 14:05:00',
  }),
  unitOf({ id: 3, sn: null }),
];
const checkedBatch = batchOf({
  id: 31,
  batchId: 'PC001',
  checkTime: '2026-03-02 14:05:00',
  operator: 'qc_liu',
  checkedCount: 2,
  defectCount: 1,
  verdict: 'REJECT',
});

function unitServer(batch = checkedBatch) {
  return installServer(
    answer(STOCK.stockBatchDetail, batch),
    answer(STOCK.stockRecordList, ({ query }) => pageOfRows(units, 23, Number(query.pageNum), Number(query.pageSize))),
  );
}

const lastQuery = (server: FakeServer) => server.calls(STOCK.stockRecordList).at(-1)?.query;
const rowOf = (code: string) => screen.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
const cellsOf = (code: string) => within(rowOf(code)).getAllByRole('cell').map((cell) => cell.textContent);
/** The value beside a label of a Descriptions block. */
const fieldOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('抽检设备 page', () => {
  it('shows the batch, its plan and progress, and its units with the checked marker and 进入', async () => {
    const server = unitServer();
    await renderPage('/spotCheckDevice?id=31');
    await screen.findByText('SN-1');

    expect(screen.getByRole('heading', { name: '抽检设备' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/成品检测/抽检管理/抽检设备');
    expect(server.calls(STOCK.stockBatchDetail)[0]?.query).toEqual({ stockBatchId: '31' });
    expect(server.calls(STOCK.stockRecordList)[0]?.query).toEqual({ stockBatchId: '31', pageNum: '1', pageSize: '10' });

    const info = screen.getByText('批次信息').closest<HTMLElement>('.ant-card')!;
    expect(fieldOf(info, '批次号')).toBe('PC001');
    expect(fieldOf(info, '产线')).toBe('总装一线');
    expect(fieldOf(info, '产品型号')).toBe('HM-100');
    expect(fieldOf(info, '抽检人')).toBe('qc_liu');
    expect(fieldOf(info, '抽检时间')).toBe('2026-03-02 14:05:00');
    const plan = screen.getByRole('region', { name: '抽样方案' });
    const planFields = ['批量', '样本量字码', '检验水平', 'AQL', '检验严格度', '样本量 n', 'Ac', 'Re', '已抽检', '不合格数', '判定'];
    expect(planFields.map((label) => fieldOf(plan, label))).toEqual(['20', 'C', 'II', '1', '正常检验', '5', '0', '1', '2/5', '1', '不合格']);

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '序号', 'SN', '生产码', 'IMEI', '抽检结果', '不合格说明', '抽检人', '抽检时间', '操作',
    ]);
    expect(cellsOf('SN-1')).toEqual(['1', 'SN-1已抽检', 'P01', '860000000000001', '合格', '-', 'qc_liu', '2026-03-02 14:00:00', '进入']);
    expect(cellsOf('SN-2').slice(4, 6)).toEqual(['不合格', '外壳划伤']);
    // No SN: the production code stands in, in the cell and in the link.
    expect(cellsOf('P03')).toEqual(['3', 'P03', 'P03', '-', '-', '-', '-', '-', '进入']);
    expect(within(rowOf('SN-1')).getByText('已抽检').className).toContain('ant-tag');
    expect(within(rowOf('P03')).queryByText('已抽检')).toBeNull();
    expect(within(rowOf('SN-2')).getByRole('link', { name: '进入' }).getAttribute('href')).toBe('/spotCheckDeviceDetail?id=SN-2&batchId=31');
    expect(within(rowOf('P03')).getByRole('link', { name: '进入' }).getAttribute('href')).toBe('/spotCheckDeviceDetail?id=P03&batchId=31');
  });

  it('searches the SN on Enter and pages 10/20/50, keeping the batch in the address', async () => {
    const user = userEvent.setup();
    const server = unitServer();
    const { router } = await renderPage('/spotCheckDevice?id=31');
    await screen.findByText('SN-1');

    await user.type(screen.getByRole('textbox', { name: 'SN' }), 'SN-2');
    expect(server.calls(STOCK.stockRecordList)).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery(server)).toEqual({ stockBatchId: '31', sn: 'SN-2', pageNum: '1', pageSize: '10' }));

    const changer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    await user.click(within(changer!).getByRole('combobox'));
    await chooseOption(user, '20 条/页');
    await waitFor(() => expect(lastQuery(server)).toEqual({ stockBatchId: '31', sn: 'SN-2', pageNum: '1', pageSize: '20' }));
    expect(router.state.location.search).toBe('?id=31&sn=SN-2&pageSize=20');
    // The batch is read once.
    expect(server.calls(STOCK.stockBatchDetail)).toHaveLength(1);
  });

  it('shows a batch still taking units as 入库中, with dashes for its plan', async () => {
    unitServer(openBatchOf({ id: 34, batchId: 'PC004', count: 7 }));
    await renderPage('/spotCheckDevice?id=34');
    await screen.findByText('SN-1');

    const plan = screen.getByRole('region', { name: '抽样方案' });
    expect(within(plan).getByText('入库中：结束入库后按批量确定抽样方案')).toBeTruthy();
    expect(['批量', '样本量 n', 'Ac', 'Re', '已抽检'].map((label) => fieldOf(plan, label))).toEqual(['-', '-', '-', '-', '0/-']);
    expect(fieldOf(plan, '判定')).toBe('入库中');
    const info = screen.getByText('批次信息').closest<HTMLElement>('.ant-card')!;
    expect(fieldOf(info, '抽检人')).toBe('-');
    expect(fieldOf(info, '抽检时间')).toBe('-');
  });

  it('says so, and asks nothing, for an address without a batch id', async () => {
    const user = userEvent.setup();
    const server = unitServer();
    const { router } = await renderPage('/spotCheckDevice?id=abc');
    expect(await screen.findByText('未指定批次')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '返回抽检管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/spotCheck'));
  });

  it('shows 批次不存在 for a batch the server does not know', async () => {
    installServer(refuse(STOCK.stockBatchDetail, STOCK_MSG.batchMissing, 404), answer(STOCK.stockRecordList, pageOfRows([])));
    await renderPage('/spotCheckDevice?id=99');
    expect(await screen.findByText('批次不存在')).toBeTruthy();
    expect(screen.getByText('该批次不存在、已被删除或无权查看')).toBeTruthy();
  });
});
