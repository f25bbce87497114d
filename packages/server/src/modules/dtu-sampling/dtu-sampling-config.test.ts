import { MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuSamplingApi } from '../../../test/dtu-sampling-api.js';
import { createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { createUser, unique } from '../../../test/factories/index.js';
import { createLine } from '../../../test/factories/lines.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';

/*
 * Plans of GB/T 2828.1 (normal inspection, single sampling) read by hand from Table 1 (code
 * letter) and Table 2-A (n, Ac, Re; an arrow leads to the first plan below or above it in the
 * AQL's column), as the proposal must show them.
 */
const GOLDEN: { lot: number; level: 'I' | 'II' | 'III'; aql: number; letter: string; n: number; ac: number; re: number }[] = [
  // 26–50 at II: D; at 1.0 D is ↓, so E's plan: n 13, 0 1 (not D's n 8)
  { lot: 50, level: 'II', aql: 1, letter: 'D', n: 13, ac: 0, re: 1 },
  // 91–150 at II: F; at 1.0 F is ↑, back to E: n 13, 0 1
  { lot: 100, level: 'II', aql: 1, letter: 'F', n: 13, ac: 0, re: 1 },
  // 151–280 at II: G; at 1.0 G is ↓, on to H: n 50, 1 2
  { lot: 200, level: 'II', aql: 1, letter: 'G', n: 50, ac: 1, re: 2 },
  // 281–500 at II: H, n 50, 1 2
  { lot: 500, level: 'II', aql: 1, letter: 'H', n: 50, ac: 1, re: 2 },
  // 501–1200 at II: J, n 80, 2 3
  { lot: 1000, level: 'II', aql: 1, letter: 'J', n: 80, ac: 2, re: 3 },
  // 9–15 at II: B ↓ to E (n 13) — more than the lot: every unit, 0 1
  { lot: 10, level: 'II', aql: 1, letter: 'B', n: 10, ac: 0, re: 1 },
  // 26–50 at III: E; at 4.0 E is 1 2
  { lot: 50, level: 'III', aql: 4, letter: 'E', n: 13, ac: 1, re: 2 },
  // 26–50 at I: C; at 2.5 C is 0 1
  { lot: 50, level: 'I', aql: 2.5, letter: 'C', n: 5, ac: 0, re: 1 },
];

/* Issue 18: 抽检配置 (the dialog's configuration and the proposed plan) and 抽检批次 (a task's batches as sampling sees them). */
describe.each(testDialects())('DTU sampling configuration and batches on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSamplingApi(t);
  const { db, bind, bindBody, config, configRaw, groups, groupsRaw, samplingSetting, testOf } = api;

  /** A batch of `lot` new judged units of the task. */
  async function batchOf(taskId: number, padId: number, lot: number, options: { submitTime?: number } = {}) {
    for (let index = 0; index < lot; index++) await testOf(taskId, padId, { testStatus: index % 7 === 3 ? 'NOT_PASS' : 'PASS' });
    return createSubmitBatch(db(), taskId, options);
  }
  const setBatch = (id: number, values: Record<string, unknown>) => db().updateTable('dtu_submit_batch').set(values).where('id', '=', id).execute();

  it('answers an unconfigured task’s defaults, then the bound configuration with its terminals by name', async () => {
    const { taskId, checkLineId } = await samplingSetting();
    expect(await config(taskId)).toEqual({
      productLineId: null,
      productLineName: null,
      productionNumber: null,
      pads: [],
      inspectionLevel: 'II',
      aql: 1,
      canCheck: true,
      proposal: null,
    });
    const [b, a] = await api.idlePads(checkLineId, 2, { names: ['抽检B', '抽检A'] });
    await bind(bindBody(taskId, checkLineId, [b!, a!], { productionNumber: 12, inspectionLevel: 'S-3', aql: 0.65 }));
    const codes = await db().selectFrom('terminal').select(['id', 'terminalCode']).where('id', 'in', [a!, b!]).execute();
    const codeOf = (id: number) => codes.find((row) => row.id === id)!.terminalCode;
    const lineName = (await db().selectFrom('production_line').select('lineName').where('id', '=', checkLineId).executeTakeFirstOrThrow()).lineName;
    expect(await config(taskId)).toEqual({
      productLineId: checkLineId,
      productLineName: lineName,
      productionNumber: 12,
      pads: [
        { id: a, name: '抽检A', code: codeOf(a!) },
        { id: b, name: '抽检B', code: codeOf(b!) },
      ],
      inspectionLevel: 'S-3',
      aql: 0.65,
      canCheck: true,
      proposal: null,
    });
  });

  it('proposes the plan for the task’s latest batch not yet judged', async () => {
    const { taskId, padId } = await samplingSetting({ productionNumber: 1000 });
    const first = await batchOf(taskId, padId, 3);
    const pending = await batchOf(taskId, padId, 50);
    const judged = await batchOf(taskId, padId, 20);
    await setBatch(first, { verdict: 'ACCEPT' });
    await setBatch(judged, { verdict: 'REJECT' });
    expect((await config(taskId)).proposal).toEqual({ batchId: pending, lotSize: 50, codeLetter: 'D', sampleSize: 13, acceptNumber: 0, rejectNumber: 1 });
    await setBatch(pending, { verdict: 'ACCEPT' });
    expect((await config(taskId)).proposal).toBeNull();
  });

  it.each(GOLDEN)('proposes GB/T 2828.1’s plan for a lot of $lot at $level, AQL $aql: $letter, n $n, Ac $ac, Re $re', async (golden) => {
    const { taskId } = await samplingSetting();
    const batch = await createSubmitBatch(db(), taskId, { testIds: [] });
    await setBatch(batch, { submitNumber: golden.lot });
    await db().updateTable('dtu_task').set({ checkLevel: golden.level, checkAql: golden.aql }).where('id', '=', taskId).execute();
    expect((await config(taskId)).proposal).toEqual({
      batchId: batch,
      lotSize: golden.lot,
      codeLetter: golden.letter,
      sampleSize: golden.n,
      acceptNumber: golden.ac,
      rejectNumber: golden.re,
    });
  });

  it('lists a task’s batches newest first with their plans, inspectors and verdicts', async () => {
    const { taskId, padId, checkLineId, checkPads } = await samplingSetting();
    const times = [Date.UTC(2025, 5, 1, 1, 0, 0), Date.UTC(2025, 5, 2, 1, 0, 0), Date.UTC(2025, 5, 3, 1, 0, 0)];
    const sampled = await batchOf(taskId, padId, 50, { submitTime: times[0]! });
    const open = await batchOf(taskId, padId, 50, { submitTime: times[1]! });
    const small = await batchOf(taskId, padId, 3, { submitTime: times[2]! });
    const inspectorName = unique('检验员');
    const inspector = await createUser(db(), inspectorName, 'Passw0rdX');
    // the first batch was sampled under an earlier configuration: its plan stays as fixed
    await setBatch(sampled, { sampleSize: 5, acceptNumber: 0, rejectNumber: 1, checkCount: 2, defectCount: 1, verdict: 'REJECT', checkPersonId: inspector });

    const zone = t.config.timeZone;
    const row = (id: number, seq: number, submitNumber: number, time: number) => ({
      id,
      batchId: `${taskId}-00${seq}`,
      submitNumber,
      checkCount: 0,
      submitTime: formatTime(time, zone),
      checkPerson: null,
      sampleSize: null,
      acceptNumber: null,
      rejectNumber: null,
      defectCount: 0,
      verdict: 'PENDING',
    });
    const sampledRow = { ...row(sampled, 1, 50, times[0]!), checkCount: 2, checkPerson: inspectorName, sampleSize: 5, acceptNumber: 0, rejectNumber: 1, defectCount: 1, verdict: 'REJECT' };
    // no configuration yet: no plan for the batches not sampled
    expect(await groups({ taskId })).toEqual({
      list: [row(small, 3, 3, times[2]!), row(open, 2, 50, times[1]!), sampledRow],
      total: 3,
      pageSize: 10,
      pageNum: 1,
    });

    // 20 per batch: n = 20 of the lot of 50 (Ac/Re of the lot: 0 1), and the whole lot of 3
    await bind(bindBody(taskId, checkLineId, checkPads, { productionNumber: 20 }));
    const page = await groups({ taskId });
    expect(page.list).toEqual([
      { ...row(small, 3, 3, times[2]!), sampleSize: 3, acceptNumber: 0, rejectNumber: 1 },
      { ...row(open, 2, 50, times[1]!), sampleSize: 20, acceptNumber: 0, rejectNumber: 1 },
      sampledRow,
    ]);
    expect(await groups({ taskId, page: 2, pageSize: 2 })).toEqual({ list: [sampledRow], total: 3, pageSize: 2, pageNum: 2 });
    expect((await groups({ taskId, pageSize: 0 })).list.map((batch) => batch.id)).toEqual([small, open, sampled]);
    expect(await groups({ taskId: (await samplingSetting()).taskId })).toEqual({ list: [], total: 0, pageSize: 10, pageNum: 1 });
  });

  it('answers 404 for a task unknown, deleted or out of scope', async () => {
    const { taskId, productLineId } = await samplingSetting();
    const deleted = await samplingSetting({ deleted: true });
    const stranger = await api.tenant();
    const elsewhere = await api.lineUser([await createLine(db())]);
    for (const [id, token] of [
      [999_999, t.admin],
      [deleted.taskId, t.admin],
      [taskId, stranger.token],
      [taskId, elsewhere.token],
    ] as const) {
      expectRefusal(await configRaw(id, token), 404, MSG.recordNotFound);
      expectRefusal(await groupsRaw({ taskId: id }, token), 404, MSG.recordNotFound);
    }
    const tied = await api.lineUser([productLineId]);
    expect((await config(taskId, tied.token)).canCheck).toBe(true);
    expect((await groups({ taskId }, tied.token)).total).toBe(0);
  });
});
