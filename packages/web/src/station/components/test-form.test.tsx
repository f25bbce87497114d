import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnswerIn } from '@factory/contracts';
import { type FakeServer, refusal } from '../../test/fake-server';
import { STATION_ENDPOINTS as STATION, STATION_MSG } from '../lib/contracts';
import { StationApp } from '../station-app';
import { deviceOf, installStationServer, resultPosts, scanInto, signedIn } from '../test/station-fixtures';

afterEach(() => localStorage.clear());

const scanField = () => screen.getByLabelText('扫码') as HTMLInputElement;
const itemRow = (name: string) => screen.getByRole('group', { name: `检测项 ${name}` });
const manualRow = (name: string) => screen.getByRole('group', { name: `人工检查 ${name}` });
const step = (label: string) => screen.getByRole('listitem', { name: label });

type User = ReturnType<typeof userEvent.setup>;

/** The work screen of a signed-in terminal on the fixtures' flow, against a server stand-in. */
async function openWork(server: Parameters<typeof installStationServer>[0] = {}) {
  signedIn();
  const fake = installStationServer(server);
  const user = userEvent.setup();
  render(<StationApp />);
  await screen.findByLabelText('扫码');
  return { user, server: fake };
}

/** A scanner types the code and Enter into the focused scan field. */
async function scan(user: User, code: string) {
  await scanInto(user, code);
}

/** Scans the three codes and fills every value and manual check so the device passes (or fails on voltage). */
async function fillDevice(user: User, { voltage = '3.3', code = 'K7Q2M9XA4B' } = {}) {
  await scan(user, code);
  await scan(user, 'SN20251121001');
  await scan(user, 'A4:C1:38:00:12:7F');
  await user.type(within(itemRow('供电电压')).getByLabelText('供电电压'), voltage);
  await user.click(within(itemRow('电源开关')).getByRole('button', { name: '开' }));
  await user.selectOptions(within(itemRow('信号档位')).getByLabelText('信号档位'), '强');
  await user.type(within(itemRow('固件版本')).getByLabelText('固件版本'), 'v2.1.0');
  await user.click(within(manualRow('外壳完好')).getByRole('button', { name: '合格' }));
  await user.click(within(manualRow('标签端正')).getByRole('button', { name: '合格' }));
}

describe('scanning', () => {
  it('takes the production code and then each code of the flow in order, from a scanner that ends with Enter', async () => {
    const { user } = await openWork();
    expect(document.activeElement).toBe(scanField());
    expect(screen.getByText('请扫描生产码')).toBeTruthy();

    await scan(user, 'K7Q2M9XA4B');
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    expect(scanField().value).toBe('');
    expect(screen.getByText('请扫描SN码')).toBeTruthy();
    await scan(user, 'SN20251121001');
    expect(screen.getByText('请扫描MAC')).toBeTruthy();
    await scan(user, 'A4:C1:38:00:12:7F');
    expect(step('MAC').textContent).toContain('A4:C1:38:00:12:7F');
    expect(screen.getByText('扫码完成')).toBeTruthy();

    // A further scan does not replace a device being tested.
    await scan(user, 'H3N8P2RC6D');
    expect(screen.getByRole('alert').textContent).toContain('扫码已完成');
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
  });

  it('redoes a scan: that code and the ones after it are scanned again', async () => {
    const { user } = await openWork();
    await scan(user, 'K7Q2M9XA4B');
    await scan(user, 'SN-WRONG');
    await scan(user, 'A4:C1:38:00:12:7F');

    await user.click(within(step('SN码')).getByRole('button', { name: '重扫' }));
    expect(step('SN码').textContent).toContain('待扫描');
    expect(step('MAC').textContent).not.toContain('A4:C1');
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    // The focus is back in the scan field for the scanner.
    expect(document.activeElement).toBe(scanField());
    await scan(user, 'SN20251121001');
    expect(step('SN码').textContent).toContain('SN20251121001');
  });

  it('refuses the same code twice in one device (a label scanned again by mistake)', async () => {
    const { user } = await openWork();
    await scan(user, 'K7Q2M9XA4B');
    await scan(user, 'K7Q2M9XA4B');
    expect(screen.getByRole('alert').textContent).toBe('K7Q2M9XA4B已扫描，请扫描SN码');
    expect(step('SN码').textContent).toContain('待扫描');
  });

  it('takes the focus back to the scan field after a tap on a toggle', async () => {
    const { user } = await openWork();
    await user.click(within(manualRow('外壳完好')).getByRole('button', { name: '合格' }));
    expect(document.activeElement).toBe(scanField());
  });
});

describe('values with the standard and a live mark', () => {
  it('shows each item’s standard and judges a number against the inclusive range as it is typed', async () => {
    const { user } = await openWork();
    const row = itemRow('供电电压');
    expect(within(row).getByText('标准：3.1 ~ 3.5 V')).toBeTruthy();
    expect(within(row).getByText('V')).toBeTruthy();
    expect(within(row).getByText('待录入')).toBeTruthy();

    const field = within(row).getByLabelText('供电电压');
    await user.type(field, '3.5');
    expect(within(row).getByText('✓ 合格')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '3.51');
    expect(within(row).getByText('✗ 不合格')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '3.1');
    expect(within(row).getByText('✓ 合格')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'abc');
    expect(within(row).getByText('✗ 不合格')).toBeTruthy();
  });

  it('offers a boolean as a toggle with its labels, an enum as a select, text as a field', async () => {
    const { user } = await openWork();
    const power = itemRow('电源开关');
    expect(within(power).getByText('标准：开')).toBeTruthy();
    await user.click(within(power).getByRole('button', { name: '关' }));
    expect(within(power).getByRole('button', { name: '关' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(power).getByText('✗ 不合格')).toBeTruthy();
    await user.click(within(power).getByRole('button', { name: '开' }));
    expect(within(power).getByText('✓ 合格')).toBeTruthy();

    const signal = itemRow('信号档位');
    expect(within(signal).getByText('标准：中 / 强')).toBeTruthy();
    const select = within(signal).getByLabelText('信号档位');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['请选择', '弱', '中', '强']);
    await user.selectOptions(select, '弱');
    expect(within(signal).getByText('✗ 不合格')).toBeTruthy();
    await user.selectOptions(select, '中');
    expect(within(signal).getByText('✓ 合格')).toBeTruthy();

    const firmware = itemRow('固件版本');
    await user.type(within(firmware).getByLabelText('固件版本'), 'v2.1.1');
    expect(within(firmware).getByText('✗ 不合格')).toBeTruthy();
  });

  it('moves from one value field to the next with Enter, and from the last back to the scan field', async () => {
    const { user } = await openWork();
    await user.type(within(itemRow('供电电压')).getByLabelText('供电电压'), '3.3{Enter}');
    expect(document.activeElement).toBe(within(itemRow('信号档位')).getByLabelText('信号档位'));
    await user.type(within(itemRow('固件版本')).getByLabelText('固件版本'), 'v2.1.0{Enter}');
    expect(document.activeElement).toBe(scanField());
  });
});

describe('submitting and the verdict', () => {
  it('sends the result body and shows a full-screen 合格, dismissed by a tap', async () => {
    const before = Date.now();
    const { user, server } = await openWork();
    await fillDevice(user);
    await user.click(screen.getByRole('button', { name: '提交' }));

    const verdict = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(within(verdict).getByText(STATION_MSG.pass)).toBeTruthy();
    expect(within(verdict).getByText('生产码 K7Q2M9XA4B · 上电检测')).toBeTruthy();
    expect(within(verdict).queryByRole('table')).toBeNull();

    const [post] = server.calls(STATION.stationResult);
    const body = resultPosts(server)[0]!;
    expect(body.clientResultId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body).toMatchObject({
      productionCode: 'K7Q2M9XA4B',
      sn: 'SN20251121001',
      mac: 'A4:C1:38:00:12:7F',
      imei: null,
      autoValues: [
        { itemId: 11, value: '3.3' },
        { itemId: 12, value: '开' },
        { itemId: 13, value: '2' },
        { itemId: 14, value: 'v2.1.0' },
      ],
      manualResults: [
        { itemId: 31, pass: true },
        { itemId: 32, pass: true },
      ],
    });
    expect(body.startTime).toBeGreaterThanOrEqual(before);
    expect(body.endTime).toBeGreaterThanOrEqual(body.startTime);
    expect(post!.headers['Content-Type']).toBe('application/json');

    await user.click(verdict);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The form is empty again for the next device.
    expect(step('生产码').textContent).toContain('待扫描');
    expect(within(itemRow('供电电压')).getByText('待录入')).toBeTruthy();
  });

  it('shows a full-screen 不合格 with each failing item, value and standard, dismissed by the next scan', async () => {
    const { user } = await openWork();
    await fillDevice(user, { voltage: '3.9' });
    await user.click(within(manualRow('标签端正')).getByRole('button', { name: '不合格' }));
    await user.click(screen.getByRole('button', { name: '提交' }));

    const verdict = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(within(verdict).getByText(STATION_MSG.fail)).toBeTruthy();
    const rows = within(verdict).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['不合格项实测值标准', '供电电压3.93.1 ~ 3.5 V', '标签端正人工判定不合格合格']);

    // The scan field kept the focus under the verdict: the next device's scan dismisses it.
    expect(document.activeElement).toBe(scanField());
    await scan(user, 'H3N8P2RC6D');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(step('生产码').textContent).toContain('H3N8P2RC6D');
  });

  it('shows a refusal’s errorMsg and keeps everything scanned and entered', async () => {
    const refused = STATION_MSG.previousFlowFirst('外观检查');
    const { user, server } = await openWork({ result: () => refusal(refused, 409) });
    await fillDevice(user);
    await user.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refused));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    expect((within(itemRow('供电电压')).getByLabelText('供电电压') as HTMLInputElement).value).toBe('3.3');
    expect(screen.queryByText(/待上传/)).toBeNull();
    expect(resultPosts(server)).toHaveLength(1);
  });

  it('says what is missing instead of sending an incomplete test', async () => {
    const { user, server } = await openWork();
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(true);
    await scan(user, 'K7Q2M9XA4B');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe('请扫描SN码');
    await scan(user, 'SN20251121001');
    await scan(user, 'A4:C1:38:00:12:7F');
    await user.type(within(itemRow('供电电压')).getByLabelText('供电电压'), '3.3');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe('请录入：电源开关、信号档位、固件版本');
    expect(resultPosts(server)).toHaveLength(0);
  });

  it('refreshes today’s list and the progress after a result', async () => {
    let stored = 0;
    const { user, server } = await openWork({
      results: () =>
        stored === 0
          ? []
          : [{ resultId: 900, productionCode: 'K7Q2M9XA4B', flowName: '上电检测', status: 'TEST_SUCCESS', userName: 'wang_li', createTime: '2025-11-21 09:30:05' }],
      result: (body) => {
        stored += 1;
        const verdict: AnswerIn<typeof STATION.stationResult> = { resultId: 900, clientResultId: body.clientResultId, productionCode: body.productionCode, status: 'TEST_SUCCESS', items: [], manual: [], deviceStatus: null, createTime: '2025-11-21 09:30:05' };
        return verdict;
      },
    });
    expect(await screen.findByText('今天还没有检测记录')).toBeTruthy();
    const assignmentCalls = () => server.calls(STATION.stationAssignment).length;
    const before = assignmentCalls();
    await fillDevice(user);
    await user.click(screen.getByRole('button', { name: '提交' }));

    const panel = screen.getByRole('region', { name: '今日记录' });
    await waitFor(() => expect(within(panel).getByText('K7Q2M9XA4B')).toBeTruthy());
    expect(assignmentCalls()).toBe(before + 1);
  });
});

describe('checking the production code the moment it is scanned', () => {
  const deviceChecks = (server: FakeServer) => server.calls(STATION.stationDevice);

  it('refuses an unknown code at once with the server’s message, keeps the focus on the scan field, and takes the next scan as the production code', async () => {
    const { user, server } = await openWork({
      device: (code) => (code === 'NOTACODE1' ? refusal(STATION_MSG.codeUnknown(code), 404) : deviceOf(code)),
    });
    await scan(user, 'NOTACODE1');
    expect(screen.getByRole('alert').textContent).toBe('生产码NOTACODE1不存在');
    expect(step('生产码').textContent).toContain('待扫描');
    expect(screen.getByText('请扫描生产码')).toBeTruthy();
    expect(document.activeElement).toBe(scanField());
    expect(deviceChecks(server).map((request) => request.url)).toEqual([`${STATION.stationDevice.path}?productionCode=NOTACODE1`]);

    // The real code, scanned next, is the production code, not the SN.
    await scan(user, 'K7Q2M9XA4B');
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    expect(step('SN码').textContent).toContain('待扫描');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(resultPosts(server)).toHaveLength(0);
  });

  it.each([
    ['another task’s unit', 400, STATION_MSG.codeOfOtherTask('K7Q2M9XA4B'), STATION_MSG.codeOfOtherTask('K7Q2M9XA4B')],
    ['a unit waiting at an earlier flow', 409, STATION_MSG.previousFlowFirst('外观检查'), `${STATION_MSG.previousFlowFirst('外观检查')}（生产码K7Q2M9XA4B）`],
    ['a stopped task', 409, STATION_MSG.taskNotRunning('停止中'), `${STATION_MSG.taskNotRunning('停止中')}（生产码K7Q2M9XA4B）`],
  ])('refuses %s with the reason, naming the code', async (_case, status, message, shown) => {
    const { user } = await openWork({ device: () => refusal(message, status) });
    await scan(user, 'K7Q2M9XA4B');
    expect(screen.getByRole('alert').textContent).toBe(shown);
    expect(step('生产码').textContent).toContain('待扫描');
    expect(document.activeElement).toBe(scanField());
  });

  it('asks before retesting a unit that passed here already', async () => {
    const { user } = await openWork({ device: (code) => deviceOf(code, { latestStatus: 'TEST_SUCCESS', attempts: 1, sn: 'SN-1' }) });
    await scan(user, 'K7Q2M9XA4B');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(STATION_MSG.passedHere('K7Q2M9XA4B', '上电检测'));
    expect(step('生产码').textContent).toContain('待扫描');
    expect(document.activeElement).toBe(scanField());

    await user.click(within(alert).getByRole('button', { name: '仍要复测' }));
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    expect(screen.getByRole('status').textContent).toBe('复测生产码K7Q2M9XA4B');
    expect(document.activeElement).toBe(scanField());
  });

  it('says a unit failed here before is being retested, and refuses a code other than the one it carries', async () => {
    const { user } = await openWork({ device: (code) => deviceOf(code, { latestStatus: 'TEST_ERROR', attempts: 1, sn: 'SN20251121001' }) });
    await scan(user, 'K7Q2M9XA4B');
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    expect(screen.getByRole('status').textContent).toBe('生产码K7Q2M9XA4B在本流程上次检测不合格，本次为第2次检测');
    await scan(user, 'SN-OTHER');
    expect(screen.getByRole('alert').textContent).toBe(STATION_MSG.scanMismatch('SN码', 'SN20251121001'));
    expect(step('SN码').textContent).toContain('待扫描');
    await scan(user, 'SN20251121001');
    expect(step('SN码').textContent).toContain('SN20251121001');
  });

  it('holds further scans while the code is checked, so none lands in the SN slot', async () => {
    let answer: () => void = () => {};
    const { user } = await openWork({ device: (code) => new Promise((resolve) => (answer = () => resolve(deviceOf(code)))) });
    await user.type(scanField(), 'K7Q2M9XA4B{Enter}');
    expect(scanField().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('正在校验生产码…')).toBeTruthy();
    await user.type(scanField(), 'SN20251121001{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('正在校验生产码K7Q2M9XA4B，请稍后再扫描');
    await act(async () => answer());
    await waitFor(() => expect(step('生产码').textContent).toContain('K7Q2M9XA4B'));
    expect(step('SN码').textContent).toContain('待扫描');
    expect(document.activeElement).toBe(scanField());
  });

  it('takes the code unchecked when the server cannot be reached, and says so', async () => {
    const { user } = await openWork({
      device: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await scan(user, 'K7Q2M9XA4B');
    expect(step('生产码').textContent).toContain('K7Q2M9XA4B');
    expect(screen.getByRole('alert').textContent).toBe('无法连接服务器：生产码K7Q2M9XA4B暂未校验，提交时由服务器校验');
  });
});
