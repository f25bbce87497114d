import { DTU_SUBMISSION_ENDPOINTS as SUBMISSION, MSG, REPORT_ORGANISATION } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { fileServer, reportOf } from '../dtu-submission-fixtures';

const URL = '/checkReport?batchId=3&taskType=normal&taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9';

const GPRS = { '860000000000001': -71, '860000000000002': -53, '860000000000003': -89, '860000000000004': -65 };

function reportServer(report = reportOf(), gprs: Record<string, number> = GPRS) {
  return installServer(answer(SUBMISSION.dtuTaskReportDetail, report), answer(SUBMISSION.dtuTaskReportGprs, gprs));
}

const tableOf = (name: string) => screen.getByRole('table', { name });
/** The label/value pairs of a pairs table, in reading order. */
const pairsOf = (name: string) =>
  Object.fromEntries(
    [...tableOf(name).querySelectorAll('th')]
      .filter((label) => label.textContent)
      .map((label) => [label.textContent, label.nextElementSibling?.textContent]),
  );
const bodyRowsOf = (name: string) =>
  [...tableOf(name).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const downloads: string[] = [];
beforeAll(() => import('./check-report-page'), 30_000);
beforeEach(() => {
  useSession.getState().signIn(loginResultWith());
  downloads.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('检验报告 page', () => {
  it('shows the head with its sampling verdict, the basic and order information and the appearance', async () => {
    const server = reportServer();
    await renderPage(URL);
    await screen.findByRole('article', { name: '检验报告' });

    expect(server.calls(SUBMISSION.dtuTaskReportDetail)[0]?.query).toEqual({ id: '3' });
    expect(server.calls(SUBMISSION.dtuTaskReportGprs)[0]?.query).toEqual({ batchId: '3' });
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/提交记录/检验报告');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('检验报告');

    expect(pairsOf('报告信息')).toEqual({
      批次: '31-003',
      数量: '48',
      检验机构: REPORT_ORGANISATION,
      检验员: '质检 王五',
      审核员: '质检 李四',
      时间: '2026-03-03 10:00:00',
      '样本量 n': '5 / 8',
      'Ac / Re': '0 / 1',
      判定: '不合格（不合格 1）',
    });
    expect(pairsOf('基本信息')).toEqual({
      DTU型号: 'HR-DTU01',
      模块型号: 'EC200U_CN',
      模块厂家: '移远通信',
      工作电压: '12V',
      波特率: '115200',
      通信方式: '海容三合一',
    });
    expect(pairsOf('订单信息')).toEqual({ 客户名称: '-', 客户型号: '-', 订单号: '-', 订单数量: '-', 抽样数量: '-' });
    expect(screen.getByRole('img', { name: 'DTU正面图片' }).getAttribute('src')).toBe('/api/file/front9');
    expect(screen.queryByRole('img', { name: 'DTU背面图片' })).toBeNull();
    expect(within(screen.getByRole('region', { name: '外观' })).getByText('无图片')).toBeTruthy();
  });

  it('lists the basic checks by category with five sample columns, padded with dashes', async () => {
    reportServer();
    await renderPage(URL);
    await screen.findByRole('article', { name: '检验报告' });

    expect([...tableOf('基本检测').querySelectorAll('thead th')].map((header) => header.textContent)).toEqual([
      '类别', '检测项', '检测标准', '检测工具', '结论', '样本1', '样本2', '样本3', '样本4', '样本5',
    ]);
    expect(bodyRowsOf('基本检测')).toEqual([
      ['外观', '外壳', '无划痕', '目测', '不合格', '无划痕合格', '划痕不合格', '-', '-', '-'],
      // not judged on any sample yet: no conclusion
      ['标签', '清晰', '目测', '-', '-', '-', '-', '-', '-'],
      ['电气', '待机电流', '≤ 50mA', '万用表', '合格', '32mA合格', '35mA合格', '-', '-', '-'],
    ]);
    expect(tableOf('基本检测').querySelector('th[rowspan="2"]')?.textContent).toBe('外观');
  });

  it('lists the batch’s units with their basic performance, dashes for what they lack', async () => {
    reportServer();
    await renderPage(URL);
    await screen.findByRole('article', { name: '检验报告' });

    expect(bodyRowsOf('基本性能')).toEqual([
      ['1', '860000000000001', 'AA:BB:CC:00:00:01', 'AA:BB:CC:10:00:01', '-', '1.2.0', '通过', '合格'],
      ['2', '860000000000002', '-', '-', '不合格', '-', '未通过', '不合格'],
    ]);
    expect(screen.queryByRole('button', { name: '查看全部设备' })).toBeNull();
  });

  it('draws the signal in dBm with the highest and lowest marked and the units numbered', async () => {
    reportServer();
    await renderPage(URL);
    const chart = await screen.findByRole('img', { name: '信号强度折线图，共 4 台' });

    expect(within(chart).getByLabelText('最大值 -53 dBm')).toBeTruthy();
    expect(within(chart).getByLabelText('最小值 -89 dBm')).toBeTruthy();
    expect(within(chart).getByText('最大值 -53 dBm（2）')).toBeTruthy();
    expect([...within(chart).getByLabelText('设备序号').querySelectorAll('text')].map((label) => label.textContent)).toEqual([
      '1', '2', '3', '4', '设备序号',
    ]);
    expect(within(chart).getByText('dBm')).toBeTruthy();
    expect(chart.querySelectorAll('circle.signal-chart__dot')).toHaveLength(4);
  });

  it('says so when the batch has no signal at all', async () => {
    reportServer(reportOf(), {});
    await renderPage(URL);
    expect(await screen.findByText('暂无信号强度数据')).toBeTruthy();
  });

  it('prints the page, and downloads the report’s .xlsx with the token', async () => {
    const user = userEvent.setup();
    reportServer();
    await renderPage(URL);
    await screen.findByRole('article', { name: '检验报告' });
    // happy-dom has no print dialog to spy on
    const print = vi.fn();
    const original = window.print;
    window.print = print;
    try {
      await user.click(screen.getByRole('button', { name: '打印' }));
    } finally {
      window.print = original;
    }
    expect(print).toHaveBeenCalledTimes(1);

    const asked = fileServer(SUBMISSION.dtuTaskReportExport.path, 'HR-DTU01_检验报告_31-003.xlsx');
    await user.click(screen.getByRole('button', { name: '下载Excel' }));
    await waitFor(() => expect(downloads).toEqual(['HR-DTU01_检验报告_31-003.xlsx']));
    expect(asked).toEqual([{ url: '/api/dtuTask/reportExport?batchId=3', authorization: 'Bearer token-1' }]);
  });

  it('offers the whole device list when the report holds only the first units', async () => {
    const user = userEvent.setup();
    reportServer(reportOf({ submitNumber: 480, batchRecordsComplete: false }));
    await renderPage(URL);
    await screen.findByRole('article', { name: '检验报告' });

    expect(screen.getByText(/仅列出前 200 台，共 480 台/)).toBeTruthy();
    const asked = fileServer(SUBMISSION.dtuTaskSubmitRecordExport.path, '三月批次_批次31-003_设备列表.xlsx');
    await user.click(screen.getByRole('button', { name: '查看全部设备' }));
    await waitFor(() => expect(downloads).toEqual(['三月批次_批次31-003_设备列表.xlsx']));
    expect(asked[0]?.url).toBe('/api/dtuTask/submitRecordExport?batchId=3');
  });

  it('shows no verdict before the task has a sampling configuration', async () => {
    reportServer(reportOf({ sampleSize: null, acceptNumber: null, rejectNumber: null, checkCount: 0, defectCount: 0, verdict: 'PENDING', checkPerson: null }));
    await renderPage(URL);
    await screen.findByRole('article', { name: '检验报告' });
    expect(pairsOf('报告信息')).toMatchObject({ 检验员: '-', '样本量 n': '0', 'Ac / Re': '-', 判定: '-' });
  });

  it('says so for an address without a batch, and for a batch the server does not know', async () => {
    const server = reportServer();
    const first = await renderPage('/checkReport?taskType=normal');
    expect(await screen.findByText('未指定提交批次')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
    first.unmount();

    installServer(refuse(SUBMISSION.dtuTaskReportDetail, MSG.recordNotFound, 404));
    await renderPage(URL);
    expect(await screen.findByText('检验报告不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回提交记录' })).toBeTruthy();
  });
});
