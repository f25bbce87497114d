import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { liveServer } from '../test/live-server.js';
import { DEMO_ACCESSORIES } from './accessory-plan.js';
import { seedAccessories } from './accessory-seed.js';
import { DEMO_DTU_SAMPLING, DEMO_DTU_TESTING, type DtuSamplingPlan, type DtuTestingPlan } from './dtu-plan.js';
import { startDtuTesting } from './dtu-run.js';
import { seedDtuSampling } from './dtu-sampling-seed.js';
import { seedDtuTesting } from './dtu-seed.js';

/**
 * Submission and sampling against a real server (SQLite) and its MQTT broker (issue 18):
 * the demo's cellular task tested at its benches and submitted every few units, its
 * sampling bound by the seed to a terminal of the parts line, and a sampling bench
 * there sampling the batches until decided, so the console's submit records, sampling
 * batches and inspection report have content.
 */
describe('DTU batches submitted and sampled against a real server and broker', () => {
  const live = liveServer({ mqtt: true, mqttPort: 0 });

  /** The demo's cellular task alone, its Excel for 40 units. */
  const testing: DtuTestingPlan = {
    ...DEMO_DTU_TESTING,
    aimLineNum: 'NONE',
    tasks: DEMO_DTU_TESTING.tasks.filter((task) => task.fittingType === '三合一DTU首批').map((task) => ({ ...task, productionNumber: 30, excelRows: 40 })),
  };
  const sampling: DtuSamplingPlan = { ...DEMO_DTU_SAMPLING, tasks: DEMO_DTU_SAMPLING.tasks.map((task) => ({ ...task, quantity: 3 })) };

  it('submits the task as units are judged and samples each batch at the bound terminal until decided', { timeout: 60_000 }, async () => {
    const { api, url, mqttPort } = live;
    await seedAccessories(api, DEMO_ACCESSORIES);
    const seeded = await seedDtuTesting(api, url, testing);
    const bound = await seedDtuSampling(api, url, testing, sampling, seeded);
    // Seeding again binds the same terminals again.
    expect(await seedDtuSampling(api, url, testing, sampling, seeded)).toEqual(bound);
    const taskId = seeded.tasks[0]!.taskId;
    expect(bound.samplers).toEqual([
      {
        taskId,
        taskName: '三合一DTU首批',
        dtuType: 'HR4GDTU01',
        pad: { terminalCode: 'SIM-DTU-C1', username: 'cj01@admin', password: 'Station123' },
        standardVoltage: 5,
        bandRate: 115200,
      },
    ]);
    expect(bound.manual).toEqual([{ terminalCode: 'SIM-DTU-C2', username: 'peijian@admin', password: 'Station123', taskName: '三合一DTU首批' }]);
    const config = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoCheckDetail, { taskId });
    expect(config).toMatchObject({ productionNumber: 3, inspectionLevel: 'II', aql: 1, canCheck: true, productLineName: '配件检测线' });
    expect(config.pads.map((pad) => pad.code).sort()).toEqual(['SIM-DTU-C1', 'SIM-DTU-C2']);

    const lines: string[] = [];
    const run = await startDtuTesting({
      baseUrl: url,
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      benches: seeded.benches,
      api,
      submitEvery: 8,
      samplers: bound.samplers,
      rate: 0,
      failureRate: 0.1,
      rescanRate: 0,
      pollMs: 50,
      randomSeed: 18,
      serialStart: 300,
      log: (line) => lines.push(line),
    });
    expect([run.benches, run.samplers]).toEqual([2, 1]);
    try {
      await expect.poll(() => run.stats.batchesAccepted + run.stats.batchesRejected, { timeout: 40_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    } finally {
      await run.stop();
    }
    const { stats } = run;
    // Nothing logged but a bench stopping at the end of the task's Excel (with the rest submitted), should it get there.
    expect(lines.filter((line) => !line.endsWith('Excel中的major、minor已全部下发; bench stops'))).toEqual([]);
    expect([...stats.refusals.keys()].filter((key) => !key.includes('Excel'))).toEqual([]);
    expect(stats).toMatchObject({ incomplete: 0, unexpected: 0 });
    expect(stats.samplesJudged).toBeGreaterThanOrEqual(2);

    // 提交记录: the batches the run made, the first of 4 units
    const records = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordList, { taskId, pageSize: 0 });
    expect(records.total).toBe(stats.batchesSubmitted);
    expect(records.list.reduce((sum, batch) => sum + batch.submitNumber, 0)).toBe(stats.unitsSubmitted);
    expect(records.list.at(-1)!.submitNumber).toBe(4);
    expect(records.list.every((batch) => batch.uname === 'admin')).toBe(true);

    // 抽检: decided batches with the plan of their lot, sampled at the simulated terminal
    const batches = (await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupList, { taskId, pageSize: 0 })).list;
    const decided = batches.filter((batch) => batch.verdict !== 'PENDING');
    expect(decided.length).toBe(stats.batchesAccepted + stats.batchesRejected);
    expect(decided.filter((batch) => batch.verdict === 'REJECT')).toHaveLength(stats.batchesRejected);
    for (const batch of decided) {
      expect(batch).toMatchObject({ checkPerson: 'cj01@admin', sampleSize: Math.min(3, batch.submitNumber), acceptNumber: 0, rejectNumber: 1 });
      expect(batch.verdict === 'REJECT' ? batch.defectCount >= 1 : batch.checkCount === batch.sampleSize && batch.defectCount === 0).toBe(true);
      const samples = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupCheckList, { id: batch.id, pageSize: 0 });
      expect(samples.total).toBe(batch.checkCount);
    }

    // 检验报告 of a decided batch: the other checks judged on its samples, the signal of its units
    const report = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportDetail, { id: decided[0]!.id });
    expect(report.categories.map((category) => category.categoryName)).toEqual(['外观检查', '接口检查', '尺寸检查']);
    const size = report.categories.find((category) => category.categoryName === '尺寸检查')!;
    expect(size.props[0]!.samples.filter((sample) => sample.result !== null).map((sample) => sample.actValue).every((value) => /^\d+\.\d{2}mm$/.test(value))).toBe(true);
    const gprs = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportGprs, { batchId: decided[0]!.id });
    expect(Object.keys(gprs).length).toBe(decided[0]!.submitNumber);
  });
});
