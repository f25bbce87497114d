import { DTU_SUBMISSION_ENDPOINTS as SUBMISSION, DTU_TASK_ENDPOINTS as DTU } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { detailOf, dtuOf, recordOf, taskOf } from '../dtu-watch-fixtures';

const PARAMS = 'taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskType=normal&check=N';
const URL = `/dtuTaskWatchDetail?taskDetailId=2&${PARAMS}`;

const cardOf = (title: string | RegExp) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;
const fieldOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;
const rowsOf = (title: string) =>
  within(cardOf(title))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('设备检测详情 page', () => {
  it('shows the unit’s basic values, key, automatic tests and its major/minor', async () => {
    const server = installServer(answer(DTU.dtuTaskCheckinfoDetail, detailOf()), answer(DTU.dtuTaskDetail, taskOf()));
    await renderPage(URL);
    await screen.findByText('按键检测');
    await waitFor(() => expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(1));

    expect(server.calls(DTU.dtuTaskCheckinfoDetail)[0]?.query).toEqual({ id: '2' });
    expect(server.calls(DTU.dtuTaskDetail)[0]?.query).toEqual({ taskId: '31' });
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/任务进度/设备检测详情');

    const basic = cardOf(/^基本信息/);
    expect(basic.querySelector('.ant-card-head-title')?.textContent).toBe('基本信息（IMEI：860000000000002）');
    const labels = ['IMEI', 'MAC', '任务名称', '检测结果', '提交状态', '服务器校验', '开始时间', '检测时间', '检测时长', '检测人员', '失败项', '固件版本', 'ICCID'];
    expect(labels.map((label) => fieldOf(basic, label))).toEqual([
      '860000000000002', 'AA:BB:CC:00:00:02', '三月批次', '失败', '未提交', '已通过', '2026-03-02 09:00:00', '2026-03-02 09:01:05', '1分5秒',
      'tester_wang', '信号强度、复位按键', '1.2.0', '89860000000000000002',
    ]);

    expect(rowsOf('按键检测')).toEqual([
      ['电源指示灯', '上电后电源指示灯常亮', '通过'],
      ['复位按键', '按下复位键，设备重启后指示灯重新闪烁', '不通过'],
    ]);
    expect(rowsOf('自动检测')).toEqual([
      ['信号强度', '15 ~ 31', '12', '不通过'],
      ['SIM卡号', '唯一', '89860000000000000002重复', '通过'],
    ]);
    // a THREE_2_ONE DTU has no serial tests
    expect(screen.queryByText('串口检测')).toBeNull();
    const delivery = cardOf('数据下发');
    expect([fieldOf(delivery, 'major'), fieldOf(delivery, 'minor')]).toEqual(['100', '7']);
  });

  it('shows the serial tests of a bluetooth DTU’s unit, by its MAC', async () => {
    const bluetooth = dtuOf({ communicationType: 'bluetooth', communicationTypeDesc: '蓝牙' });
    installServer(
      answer(
        DTU.dtuTaskCheckinfoDetail,
        detailOf({
          record: recordOf({ id: 2, imei: '', mac: 'AA:BB:CC:00:00:02' }),
          majorMinor: null,
          serialPropList: [
            {
              reportValue: '3.3',
              checkResult: true,
              dtuSerialCheckInformaitonEntity: { name: '串口电压', code: 'VOLTAGE', verifyRule: 'RANGE', minValue: '3.0', maxValue: '3.6', aimValue: null },
            },
            {
              reportValue: null,
              checkResult: false,
              dtuSerialCheckInformaitonEntity: { name: '波特率', code: 'BAUD', verifyRule: 'EQUAL', minValue: null, maxValue: null, aimValue: '9600' },
            },
          ],
        }),
      ),
      answer(DTU.dtuTaskDetail, taskOf({ detail: bluetooth, communicationType: 'bluetooth', needExcel: false })),
    );
    await renderPage(URL);
    await screen.findByText('串口检测');

    expect(cardOf(/^基本信息/).querySelector('.ant-card-head-title')?.textContent).toBe('基本信息（MAC：AA:BB:CC:00:00:02）');
    expect(rowsOf('串口检测')).toEqual([
      ['串口电压', '3.0 ~ 3.6', '3.3', '通过'],
      ['波特率', '9600', '-', '不通过'],
    ]);
    expect(screen.queryByText('数据下发')).toBeNull();
  });

  it('shows a sample’s test and the other checks judged on it in sampling mode, without submit status', async () => {
    const sampling = 'taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskBatchId=4&taskType=check&check=Y';
    const server = installServer(
      answer(SUBMISSION.dtuTaskCheckinfoGroupCheckDetail, {
        ...detailOf({ record: recordOf({ id: 41, testStatus: 'NOT_PASS', failures: ['外壳'] }) }),
        sampleBatchId: 4,
        otherResults: [
          { propertyId: 7, category: '外观', property: '外壳', checkTool: '目测', checkStandard: '无划痕', actValue: '划痕', result: false },
          { propertyId: 8, category: '电气', property: '待机电流', checkTool: '万用表', checkStandard: '≤ 50mA', actValue: '32mA', result: true },
        ],
      }),
      answer(DTU.dtuTaskDetail, taskOf()),
    );
    await renderPage(`/dtuTaskWatchDetail?taskDetailId=41&${sampling}`);
    await screen.findByText('其他检测');

    expect(server.calls(SUBMISSION.dtuTaskCheckinfoGroupCheckDetail)[0]?.query).toEqual({ id: '41' });
    expect(server.calls(DTU.dtuTaskCheckinfoDetail)).toHaveLength(0);
    expect(rowsOf('其他检测')).toEqual([
      ['外观', '外壳', '目测', '无划痕', '划痕', '不合格'],
      ['电气', '待机电流', '万用表', '≤ 50mA', '32mA', '合格'],
    ]);
    expect(within(cardOf(/^基本信息/)).queryByText('提交状态')).toBeNull();
    expect(rowsOf('按键检测')).toHaveLength(2);
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/抽检任务/任务进度/设备检测详情');
  });

  it('goes back to the task’s progress page', async () => {
    const user = userEvent.setup();
    installServer(answer(DTU.dtuTaskCheckinfoDetail, detailOf()), answer(DTU.dtuTaskDetail, taskOf()));
    const { router } = await renderPage(URL);
    await screen.findByText('按键检测');
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/dtuTaskWatch?${PARAMS}`));
  });

  it('shows 设备检测记录不存在 for a record the server does not know', async () => {
    installServer(refuse(DTU.dtuTaskCheckinfoDetail, '设备检测记录不存在', 404));
    await renderPage(URL);
    expect(await screen.findByText('设备检测记录不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回任务进度' })).toBeTruthy();
  });
});
