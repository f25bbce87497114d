import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf, refusal } from '../test/fake-server';
import { DTU_STATION_ENDPOINTS as PAD, DTU_SUBMISSION_MSG } from './lib/contracts';
import { IDLE_POLL_MS } from './hooks/use-assignment';
import { installPartsServer, samplingAssignment, samplingBatch } from './test/dtu-fixtures';
import { ALL_PASS, confirmKeys, IMEI, scan, scanField, storedQueue, today } from './test/parts-check-screen';
import { batchButton, batchList, judgeOthers, openSampling, OTHERS_PASS, otherRow, pickBatch, taskBar, valueField } from './test/sampling-screen';
import { signedIn } from './test/station-fixtures';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

const submitButton = () => screen.getByRole('button', { name: '提交' });

/** A sample of 61-002 scanned, its values reported passing and its key tests confirmed: only the other checks remain. */
async function sampleReady(user: ReturnType<typeof userEvent.setup>, report: (code: string, reported: typeof ALL_PASS, fields: { serverVerified: boolean }) => void) {
  await openSampling();
  await pickBatch(user, '61-002');
  await scan(user, IMEI);
  report(IMEI, ALL_PASS, { serverVerified: true });
  await confirmKeys(user);
}

describe('sampling terminal: the batches', () => {
  it('lists the task’s batches with their plan and progress; only one 抽检中 is taken, and it heads the task bar until changed', async () => {
    signedIn();
    // A finished task's batches are still sampled.
    installPartsServer({ assignment: samplingAssignment({ taskStatus: 'FINISH' }) });
    const user = userEvent.setup();
    await openSampling();

    expect(screen.queryByText('任务已结束')).toBeNull();
    expect(within(taskBar()).getByText('抽检终端')).toBeTruthy();
    expect(within(taskBar()).getByText('请选择批次')).toBeTruthy();
    expect(within(taskBar()).queryByText('完成进度')).toBeNull();
    expect(screen.queryByLabelText('扫码')).toBeNull();
    expect(within(batchList()).getByText('共 3 批 · 待抽检 2 批')).toBeTruthy();

    const open = batchButton('61-002');
    expect(open.textContent).toBe('61-002抽检中提交数量 120已抽检 2/5不合格 0Ac 0 / Re 1提交于 2025-11-21 08:40:00');
    expect(open.disabled).toBe(false);
    const decided = batchButton('61-001');
    expect(within(decided).getByText('合格')).toBeTruthy();
    expect(within(decided).getByText('已抽检 8/8')).toBeTruthy();
    expect(decided.disabled).toBe(true);
    await user.click(decided);
    expect(screen.queryByLabelText('扫码')).toBeNull();

    await pickBatch(user, '61-002');
    expect(screen.queryByRole('region', { name: '抽检批次' })).toBeNull();
    expect(screen.getByText('请扫描批次61-002的样本IMEI')).toBeTruthy();
    expect(within(taskBar()).getByText('61-002')).toBeTruthy();
    expect(within(taskBar()).getByText('已抽检 2/5')).toBeTruthy();
    expect(within(taskBar()).getByText('Ac 0 / Re 1')).toBeTruthy();
    expect(within(taskBar()).getByText('抽检中')).toBeTruthy();

    await user.click(within(taskBar()).getByRole('button', { name: '更换批次' }));
    expect(batchList()).toBeTruthy();
    expect(screen.queryByLabelText('扫码')).toBeNull();
    await pickBatch(user, '61-003');
    expect(within(taskBar()).getByText('已抽检 0/5')).toBeTruthy();
  });

  it('waits for a submitted batch, and lists it once the console submitted one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    const { state } = installPartsServer({ assignment: samplingAssignment({ batches: [], taskStatus: 'STOP' }) });
    await openSampling();

    const waiting = (await screen.findByText('等待提交批次')).closest('[role="status"]')!;
    expect(waiting.textContent).toContain('DTU任务「三合一首批」还没有提交的批次');
    expect(screen.queryByLabelText('扫码')).toBeNull();

    state.assignment = samplingAssignment({ batches: [samplingBatch()] });
    act(() => void vi.advanceTimersByTime(IDLE_POLL_MS));
    await waitFor(() => expect(batchButton('61-002').disabled).toBe(false));
    expect(screen.queryByText('等待提交批次')).toBeNull();
  });
});

describe('sampling terminal: a sample', () => {
  it('scans the sample with its batch, asks for every other check, sends them before the result, and shows the batch’s progress', async () => {
    signedIn();
    const { server, report, sampleBodies, resultBodies } = installPartsServer({ assignment: samplingAssignment() });
    const user = userEvent.setup();
    await openSampling();
    await pickBatch(user, '61-002');

    await scan(user, IMEI);
    expect(server.calls(PAD.stationDtuScan)[0]!.json).toEqual({ imei: IMEI, batchId: 82 });
    expect(screen.getByRole('region', { name: '待测设备' })).toBeTruthy();
    const shell = otherRow('外壳');
    expect(within(shell).getByText('外观')).toBeTruthy();
    expect(within(shell).getByText('标准：无划痕、无变形')).toBeTruthy();
    expect(within(shell).getByText('工具：目测')).toBeTruthy();
    expect(within(otherRow('外形尺寸')).getByText('工具：游标卡尺')).toBeTruthy();

    report(IMEI, ALL_PASS, { serverVerified: true });
    await confirmKeys(user);
    await user.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(`${DTU_SUBMISSION_MSG.sampleResultsRequired}：外壳、外形尺寸`);
    expect(otherRow('外壳').className).toContain('other-check--missing');

    // A value without a verdict is not yet judged.
    await judgeOthers(user, { 外壳: OTHERS_PASS.外壳 });
    await user.type(valueField('外形尺寸'), '120.2');
    await user.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(`${DTU_SUBMISSION_MSG.sampleResultsRequired}：外形尺寸`);
    expect(otherRow('外壳').className).not.toContain('other-check--missing');
    expect(sampleBodies()).toHaveLength(0);
    expect(resultBodies()).toHaveLength(0);

    await user.click(within(otherRow('外形尺寸')).getByRole('button', { name: '合格' }));
    await user.click(submitButton());
    const verdict = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(sampleBodies()).toEqual([
      {
        imei: IMEI,
        batchId: 82,
        otherResults: [
          { propertyId: 31, actValue: '无划痕', pass: true },
          { propertyId: 32, actValue: '120.2', pass: true },
        ],
      },
    ]);
    expect(resultBodies()).toEqual([{ imei: IMEI, clientResultId: expect.any(String), keyResults: expect.any(Array) }]);
    // The other checks first: the result judges the sample with them.
    const posted = server.seen.filter((request) => request.method === 'POST').map(pathOf);
    expect(posted.indexOf(PAD.stationDtuSample.path)).toBeLessThan(posted.indexOf(PAD.stationDtuResult.path));

    expect(within(verdict).getByText('合格')).toBeTruthy();
    expect(within(verdict).getByText(`设备 ${IMEI} · 批次 61-002`)).toBeTruthy();
    expect(within(verdict).getByLabelText('批次进度').textContent).toBe('已抽检 3/5 · 不合格 0 · Ac 0 / Re 1 抽检中');
    // Still 抽检中: the next sample of the same batch.
    await waitFor(() => expect(within(taskBar()).getByText('已抽检 3/5')).toBeTruthy());
    expect(screen.getByText('请扫描批次61-002的样本IMEI')).toBeTruthy();
    expect(within(today()).getByText(IMEI)).toBeTruthy();
    expect(within(today()).getByText('三合一首批 · 抽检 61-002')).toBeTruthy();
  });

  it('a failed other check fails the sample; reaching Re decides the batch 不合格 and the terminal goes back to the list', async () => {
    signedIn();
    const { state, report } = installPartsServer({ assignment: samplingAssignment() });
    const user = userEvent.setup();
    await sampleReady(user, report);

    await judgeOthers(user, { 外壳: { value: '划痕2处', verdict: '不合格' }, 外形尺寸: OTHERS_PASS.外形尺寸 });
    await user.click(submitButton());
    const verdict = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(within(verdict).getByText('不合格', { selector: '.verdict__title' })).toBeTruthy();
    expect(within(verdict).getAllByRole('row').map((row) => row.textContent)).toEqual(['不合格项实测值标准', '外壳划痕2处无划痕、无变形']);
    expect(within(verdict).getByLabelText('批次进度').textContent).toBe('已抽检 3/5 · 不合格 1 · Ac 0 / Re 1 不合格');
    expect(within(verdict).getByText('该批次已判定：不合格（批次 61-002）')).toBeTruthy();
    expect(state.assignment!.batches[1]!.verdict).toBe('REJECT');

    // Underneath: the list again, the decision said above it, the batch no longer taken.
    await user.click(verdict);
    expect(screen.getByRole('status').textContent).toBe('该批次已判定：不合格（批次 61-002）');
    expect(screen.queryByLabelText('扫码')).toBeNull();
    expect(within(taskBar()).getByText('请选择批次')).toBeTruthy();
    await waitFor(() => expect(batchButton('61-002').disabled).toBe(true));
    expect(within(batchButton('61-002')).getByText('不合格')).toBeTruthy();
  });

  it('the last of n samples passing decides the batch 合格', async () => {
    signedIn();
    const { report } = installPartsServer({ assignment: samplingAssignment({ batches: [samplingBatch({ checkCount: 4 })] }) });
    const user = userEvent.setup();
    await sampleReady(user, report);
    await judgeOthers(user, OTHERS_PASS);
    await user.click(submitButton());

    const verdict = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(within(verdict).getByText('该批次已判定：合格（批次 61-002）')).toBeTruthy();
    expect(within(verdict).getByLabelText('批次进度').textContent).toBe('已抽检 5/5 · 不合格 0 · Ac 0 / Re 1 合格');
    await waitFor(() => expect(within(batchList()).getByText('所有批次均已判定，等待新的提交批次。')).toBeTruthy());
    expect(screen.getByText('该批次已判定：合格（批次 61-002）', { selector: '.sampling-judged' })).toBeTruthy();
  });

  it('a sample scanned again resumes with the other checks the server holds', async () => {
    signedIn();
    const { state } = installPartsServer({ assignment: samplingAssignment() });
    state.units.set(IMEI, {
      testId: 690,
      code: IMEI,
      startTime: '2025-11-21 09:10:00',
      serverVerified: false,
      values: [],
      majorMinor: null,
      testStatus: null,
      sampleBatchId: 82,
      otherResults: [{ propertyId: 32, category: '结构', property: '外形尺寸', checkTool: '游标卡尺', checkStandard: '120±0.5mm', actValue: '121.0', result: false }],
    });
    const user = userEvent.setup();
    await openSampling();
    await pickBatch(user, '61-002');
    await scan(user, IMEI);

    expect(valueField('外形尺寸').value).toBe('121.0');
    expect(within(otherRow('外形尺寸')).getByRole('button', { name: '不合格' }).getAttribute('aria-pressed')).toBe('true');
    expect(valueField('外壳').value).toBe('');
  });
});

describe('sampling terminal: refusals and the network', () => {
  it.each([
    ['a unit outside the batch', DTU_SUBMISSION_MSG.notInBatch(IMEI), DTU_SUBMISSION_MSG.notInBatch(IMEI)],
    ['a batch decided meanwhile', DTU_SUBMISSION_MSG.batchJudged, `${DTU_SUBMISSION_MSG.batchJudged}（设备${IMEI}）`],
  ])('shows a scan refused (%s) as production does, with no sample', async (_case, message, shown) => {
    signedIn();
    const { server } = installPartsServer({ assignment: samplingAssignment(), scan: () => refusal(message, 409) });
    const user = userEvent.setup();
    await openSampling();
    await pickBatch(user, '61-002');
    const asked = server.calls(PAD.stationDtuAssignment).length;

    await scan(user, IMEI);
    expect(screen.getByRole('alert').textContent).toBe(shown);
    expect(screen.queryByRole('region', { name: '待测设备' })).toBeNull();
    expect(screen.queryByRole('region', { name: '其他检测' })).toBeNull();
    await waitFor(() => expect(server.calls(PAD.stationDtuAssignment).length).toBe(asked + 1));
  });

  it('a batch decided at another terminal: the scan is refused and the terminal goes back to the list', async () => {
    signedIn();
    const { state } = installPartsServer({ assignment: samplingAssignment() });
    const user = userEvent.setup();
    await openSampling();
    await pickBatch(user, '61-002');

    state.assignment = { ...state.assignment!, batches: state.assignment!.batches.map((batch) => (batch.id === 82 ? { ...batch, defectCount: 1, verdict: 'REJECT' as const } : batch)) };
    await user.type(scanField(), `${IMEI}{Enter}`);
    expect(await screen.findByText('该批次已判定：不合格（批次 61-002）')).toBeTruthy();
    expect(screen.queryByLabelText('扫码')).toBeNull();
    expect(batchButton('61-002').disabled).toBe(true);
    expect(state.units.size).toBe(0);
  });

  it('keeps the form when the other checks are refused or cannot be sent, and sends no result', async () => {
    signedIn();
    let refuse = true;
    const { server, report, resultBodies, sampleBodies } = installPartsServer({
      assignment: samplingAssignment(),
      sample: () => (refuse ? refusal(DTU_SUBMISSION_MSG.notSampled, 409) : undefined),
    });
    const user = userEvent.setup();
    await sampleReady(user, report);
    await judgeOthers(user, OTHERS_PASS);

    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DTU_SUBMISSION_MSG.notSampled));
    expect(screen.getByRole('region', { name: '待测设备' })).toBeTruthy();
    expect(valueField('外壳').value).toBe('无划痕');
    expect(within(otherRow('外壳')).getByRole('button', { name: '合格' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.calls(PAD.stationDtuSample)).toHaveLength(1);

    // The network drops the other checks: said plainly, the form still there.
    refuse = false;
    const serve = globalThis.fetch;
    globalThis.fetch = (input, init) => (String(input).endsWith(PAD.stationDtuSample.path) ? Promise.reject(new TypeError('Failed to fetch')) : serve(input, init));
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`无法连接服务器：设备${IMEI}的其他检测结果未能提交，请检查网络后重新提交`));
    expect(valueField('外形尺寸').value).toBe('120.2');
    expect(resultBodies()).toHaveLength(0);
    expect(storedQueue()).toEqual([]);

    // Back online, the same form goes through.
    globalThis.fetch = serve;
    await user.click(submitButton());
    expect(await screen.findByRole('alertdialog', { name: '检测结果' })).toBeTruthy();
    expect(sampleBodies().at(-1)!.otherResults).toHaveLength(2);
    expect(resultBodies()).toHaveLength(1);
  });

  it('queues a result that could not be sent after the other checks were, and resends it with its clientResultId', async () => {
    signedIn();
    const { state, report, resultBodies, sampleBodies } = installPartsServer({ assignment: samplingAssignment() });
    const user = userEvent.setup();
    await sampleReady(user, report);
    await judgeOthers(user, OTHERS_PASS);

    const serve = globalThis.fetch;
    let offline = true;
    globalThis.fetch = (input, init) =>
      offline && String(input).endsWith(PAD.stationDtuResult.path) ? Promise.reject(new TypeError('Failed to fetch')) : serve(input, init);
    await user.click(submitButton());
    expect(await screen.findByText('离线，1 条待上传')).toBeTruthy();
    expect(screen.getByText(`网络异常：设备${IMEI}的结果已暂存，恢复后自动上传`)).toBeTruthy();
    expect(sampleBodies()).toHaveLength(1);
    const [queued] = storedQueue();
    expect(queued!.body).toEqual({ imei: IMEI, clientResultId: expect.any(String), keyResults: expect.any(Array) });
    expect(queued!.taskName).toBe('三合一首批 · 抽检 61-002');
    // Free for the next sample meanwhile; the batch has not counted it yet.
    expect(screen.queryByRole('region', { name: '待测设备' })).toBeNull();
    expect(within(taskBar()).getByText('已抽检 2/5')).toBeTruthy();

    offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(storedQueue()).toEqual([]));
    expect(resultBodies().at(-1)).toEqual(queued!.body);
    expect(state.stored.size).toBe(1);
    await waitFor(() => expect(within(taskBar()).getByText('已抽检 3/5')).toBeTruthy());
  });
});
