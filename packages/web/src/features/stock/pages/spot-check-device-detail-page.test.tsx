import { STOCK_ENDPOINTS as STOCK, STOCK_MSG } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { unitDetailOf } from '../stock-fixtures';

const checkedUnit = unitDetailOf({
  produceCode: 'P02',
  sn: 'SN-2',
  imei: '860000000000002',
  batchNo: 'PC001',
  ifCheck: true,
  checkPass: false,
  defect: '外壳划伤',
  operator: 'qc_liu',
  randomCheckTime: '2026-03-02 14:05:00',
  produceTestItems: [
    { testTime: '2026-03-01 10:00:00', testName: '上电检测', operator: 'line_zhang', status: 'TEST_SUCCESS' },
    { testTime: '2026-03-01 10:05:00', testName: '通信检测', operator: null, status: 'TEST_ERROR' },
  ],
});

const fieldOf = (label: string) =>
  screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;
const timelineItems = () => [...document.querySelectorAll<HTMLElement>('.ant-timeline-item')];

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('抽检设备详情 page', () => {
  it('shows the unit, its spot check and its production tests as a timeline', async () => {
    const server = installServer(answer(STOCK.stockRecordDetail, checkedUnit));
    await renderPage('/spotCheckDeviceDetail?id=SN-2&batchId=31');
    await screen.findByText('P02');

    expect(screen.getByRole('heading', { name: '抽检设备详情' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/成品检测/抽检管理/抽检设备/抽检设备详情');
    expect(server.calls(STOCK.stockRecordDetail)[0]?.query).toEqual({ sn: 'SN-2', batchId: '31' });
    const labels = ['生产码', 'SN', 'IMEI', '抽检人', '抽检时间', '抽检结果', '不合格说明', '批次号'];
    expect(labels.map(fieldOf)).toEqual(['P02', 'SN-2', '860000000000002', 'qc_liu', '2026-03-02 14:05:00', '不合格', '外壳划伤', 'PC001']);

    const tests = screen.getByRole('region', { name: '生产检测' });
    expect(within(tests).getByText('生产检测')).toBeTruthy();
    const items = timelineItems();
    expect(items.map((item) => item.textContent)).toEqual([
      '2026-03-01 10:00:00上电检测检测人员 line_zhang合格',
      '2026-03-01 10:05:00通信检测不合格',
    ]);
    expect(items[0]?.querySelector('.ant-tag-success')).not.toBeNull();
    expect(items[1]?.querySelector('.ant-tag-error')).not.toBeNull();
  });

  it('shows dashes for an unchecked unit without SN, and an empty timeline', async () => {
    installServer(answer(STOCK.stockRecordDetail, unitDetailOf({ produceCode: 'P03', sn: null })));
    await renderPage('/spotCheckDeviceDetail?id=P03&batchId=31');
    await screen.findByText('P03');

    expect(['SN', 'IMEI', '抽检人', '抽检时间', '抽检结果', '不合格说明'].map(fieldOf)).toEqual(['-', '-', '-', '-', '-', '-']);
    expect(timelineItems()).toHaveLength(0);
    expect(screen.getByText('暂无生产检测记录')).toBeTruthy();
  });

  it('goes back to its batch, and says so for an address without a unit', async () => {
    const user = userEvent.setup();
    const server = installServer(answer(STOCK.stockRecordDetail, checkedUnit));
    const { router } = await renderPage('/spotCheckDeviceDetail?batchId=31');
    expect(await screen.findByText('未指定设备')).toBeTruthy();
    expect(server.seen).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/spotCheckDevice'));
    expect(router.state.location.search).toBe('?id=31');
  });

  it('shows 设备不存在 for a unit the server does not know', async () => {
    installServer(refuse(STOCK.stockRecordDetail, STOCK_MSG.recordMissing, 404));
    await renderPage('/spotCheckDeviceDetail?id=SN-9&batchId=31');
    expect(await screen.findByText('设备不存在')).toBeTruthy();
  });
});
