import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { PATHS, type StationResultBody, type StationVerdict, type TaskDetail } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import type { Database } from '../../platform/schema.js';
import { findResultContext } from './station.repository.js';

const STATIONS = 50;

describe.each(testDialects())('50 stations at once on %s', (dialect) => {
  const t = withTestApp(dialect);
  let task: RunningTask;
  beforeAll(async () => {
    task = await api.runningTask({ flows: 1, count: STATIONS, perFlow: STATIONS });
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, ok, submit, resultBody, flowCounts, get } = api;
  const count = async (table: 'flow_result' | 'device_flow') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores every result once and keeps the counters equal to the rows, finishing the task exactly once', async () => {
    // Round 1: every station tests its own device; one in five fails.
    const firstRound: StationResultBody[] = [];
    for (const [n, station] of task.stations.entries()) {
      firstRound.push(await resultBody(station.flowId, task.codes[n]!, { value: n % 5 === 0 ? 50 : 15 }));
    }
    const verdicts = await Promise.all(
      task.stations.map((station, n) => submit(station.token, firstRound[n]!).then((r) => ok<StationVerdict>(r))),
    );
    expect(new Set(verdicts.map((v) => v.resultId)).size).toBe(STATIONS);
    expect(await count('flow_result')).toBe(STATIONS);
    expect(await count('device_flow')).toBe(STATIONS);
    // One counter row per station, their sums the flow's counters.
    const [afterFirst] = await flowCounts(task.taskId);
    expect(afterFirst).toMatchObject({ totalCount: 50, failCount: 10, finishNumber: 40, terminals: STATIONS });
    expect((await db().selectFrom('task').select('status').where('id', '=', task.taskId).executeTakeFirstOrThrow()).status).toBe('START');

    // Round 2: every station retries its first result (as after a lost answer) while the failed ten are retested.
    const retests = await Promise.all(
      task.stations
        .filter((_, n) => n % 5 === 0)
        .map(async (station) => ({ station, body: await resultBody(station.flowId, task.codes[task.stations.indexOf(station)]!) })),
    );
    const answers = await Promise.all([
      ...task.stations.map((station, n) => submit(station.token, firstRound[n]!).then((r) => ok<StationVerdict>(r))),
      ...retests.map(({ station, body }) => submit(station.token, body).then((r) => ok<StationVerdict>(r))),
    ]);
    expect(answers.slice(0, STATIONS)).toEqual(verdicts.map((v) => ({ ...v, deviceStatus: expect.anything() })));
    expect(answers.slice(STATIONS).every((v) => v.status === 'TEST_SUCCESS')).toBe(true);

    expect(await count('flow_result')).toBe(STATIONS + retests.length);
    const [flow] = await flowCounts(task.taskId);
    expect(flow).toMatchObject({ totalCount: 60, failCount: 10, finishNumber: 50, terminals: STATIONS });
    // The ten last units passed at once: whichever committed last finished the task, once.
    const finished = await db()
      .selectFrom('task')
      .select(['status', 'finishTime'])
      .where('id', '=', task.taskId)
      .executeTakeFirstOrThrow();
    expect(finished.status).toBe('FINISH');
    expect(finished.finishTime).toBeGreaterThan(Date.now() - 60_000);
    const detail = ok<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: task.taskId }));
    expect(detail.finishNumber).toBe(50);
    expect(detail.flows[0]).toMatchObject({ finishNumber: 50, totalCount: 60 });
    expect(
      await db().selectFrom('terminal').select('taskId').where('taskId', '=', task.taskId).execute(),
      'the finish freed every terminal',
    ).toEqual([]);
    const devices = await db()
      .selectFrom('production_code')
      .select(['resultCount', 'passedFlows', 'failedFlows', 'testStatus'])
      .where('taskId', '=', task.taskId)
      .execute();
    expect(devices.reduce((sum, d) => sum + d.resultCount, 0)).toBe(60);
    expect(devices.every((d) => d.passedFlows === 1 && d.failedFlows === 0 && d.testStatus === 'PASS')).toBe(true);
  });

  it('orders results of one device sent from many stations at once: attempts 1..n, counters as the latest says', async () => {
    // Two units, so one passing does not finish the task.
    const other = await api.runningTask({ flows: 1, count: 2, perFlow: 10 });
    const code = other.codes[0]!;
    const bodies = await Promise.all(
      other.stations.map((station, n) => resultBody(station.flowId, code, { value: n % 2 === 0 ? 15 : 99 })),
    );
    await Promise.all(other.stations.map((station, n) => submit(station.token, bodies[n]!).then((r) => ok<StationVerdict>(r))));
    const rows = await db()
      .selectFrom('flow_result')
      .select(['id', 'attempt', 'status'])
      .where('taskId', '=', other.taskId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const latest = rows.at(-1)!;
    const passed = latest.status === 'TEST_SUCCESS';
    expect(
      await db().selectFrom('device_flow').select(['latestResultId', 'attempts']).where('taskFlowId', '=', other.flowIds[0]!).execute(),
    ).toEqual([{ latestResultId: latest.id, attempts: 10 }]);
    expect(
      await db().selectFrom('production_code').select(['resultCount', 'passedFlows', 'failedFlows']).where('code', '=', code).execute(),
    ).toEqual([{ resultCount: 10, passedFlows: passed ? 1 : 0, failedFlows: passed ? 0 : 1 }]);
    expect(await flowCounts(other.taskId)).toEqual([
      { id: other.flowIds[0], totalCount: 10, failCount: 5, finishNumber: passed ? 1 : 0, terminals: 10 },
    ]);
    // Each station's own row: what it submitted, its finishNumber what its results changed of the unit's state.
    const rowsOf = await db()
      .selectFrom('flow_counter')
      .select(['terminalId', 'totalCount', 'failCount', 'finishNumber'])
      .where('taskFlowId', '=', other.flowIds[0]!)
      .execute();
    expect(rowsOf.map((row) => row.totalCount)).toEqual(rowsOf.map(() => 1));
    expect(rowsOf.reduce((sum, row) => sum + row.failCount, 0)).toBe(5);
    const detail = ok<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: other.taskId }));
    expect(detail.flows[0]).toMatchObject({ finishNumber: passed ? 1 : 0, totalCount: 10 });
    expect(detail.finishNumber).toBe(passed ? 1 : 0);
  });

  it('keeps a counter row per terminal at one flow, the detail showing their sum', async () => {
    const shared = await api.runningTask({ flows: 1, count: 6, perFlow: 2 });
    const [a, b] = shared.stations;
    const plan: [typeof a, number, number][] = [
      [a!, 0, 15],
      [a!, 1, 50],
      [b!, 2, 15],
      [b!, 3, 15],
      [b!, 1, 15],
      [b!, 0, 50],
    ];
    for (const [station, n, value] of plan) ok(await submit(station!.token, await resultBody(station!.flowId, shared.codes[n]!, { value })));
    const rows = await db()
      .selectFrom('flow_counter')
      .select(['terminalId', 'totalCount', 'failCount', 'finishNumber'])
      .where('taskFlowId', '=', shared.flowIds[0]!)
      .orderBy('terminalId')
      .execute();
    // b's fail of the unit a passed takes it out of the finished ones in b's row.
    expect(rows).toEqual(
      [
        { terminalId: a!.terminalId, totalCount: 2, failCount: 1, finishNumber: 1 },
        { terminalId: b!.terminalId, totalCount: 4, failCount: 1, finishNumber: 2 },
      ].sort((x, y) => x.terminalId - y.terminalId),
    );
    const detail = ok<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: shared.taskId }));
    expect(detail.flows[0]).toMatchObject({ finishNumber: 3, totalCount: 6 });
    expect(detail.finishNumber).toBe(3);
    expect(detail.status).toBe('START');
  });

  const lockWaiters = async () =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(
          db(),
        )
      ).rows[0]!.n,
    );
  const untilWaiting = async (n: number) => {
    for (let tries = 0; (await lockWaiters()) < n; tries++) {
      if (tries > 200) throw new Error(`never saw ${n} statements waiting for the device's lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  /** What another station's failing result at `flowId` writes for the device, in `trx`. */
  async function failAt(trx: Kysely<Database>, flowId: number, codeId: number, taskId: number, terminalId: number) {
    const { id } = await trx
      .insertInto('flow_result')
      .values({
        clientResultId: randomUUID(),
        taskId,
        taskFlowId: flowId,
        flowSequence: 1,
        codeId,
        terminalId,
        accountId: null,
        userName: 'other',
        status: 'TEST_ERROR',
        attempt: 1,
        startTime: Date.now(),
        endTime: Date.now(),
        createTime: Date.now(),
        autoResults: '[]',
        manualResults: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('device_flow').values({ codeId, taskFlowId: flowId, latestResultId: id, latestStatus: 'TEST_ERROR', attempts: 1 }).execute();
    await trx
      .updateTable('production_code')
      .set((eb) => ({ resultCount: eb('resultCount', '+', 1), failedFlows: 1, everFailed: 1, testStatus: 'NOT_PASS' }))
      .where('id', '=', codeId)
      .execute();
    await trx.insertInto('flow_counter').values({ taskFlowId: flowId, terminalId, totalCount: 1, failCount: 1, finishNumber: 0 }).execute();
  }

  it.runIf(dialect === 'postgres')(
    'writes nothing when another result of the device committed between its read and its write, and tries again',
    async () => {
      const one = await api.runningTask({ flows: 1, count: 2, perFlow: 2 });
      const [first, second] = one.stations;
      const code = one.codes[0]!;
      const device = await db().selectFrom('production_code').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      const pass = await resultBody(first!.flowId, code);
      let answer: Promise<Parameters<typeof ok>[0]> | undefined;
      // The pass reads the device (no result yet), then its write waits for the row another
      // result holds; that one fails the device and commits. Had the pass written what it read,
      // it would be attempt 1 again with the fail forgotten in the device's counts.
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('production_code').select('id').where('id', '=', device.id).forUpdate().execute();
          answer = submit(first!.token, pass);
          await untilWaiting(1);
          await failAt(trx, first!.flowId, device.id, one.taskId, second!.terminalId);
        });
      expect(ok<StationVerdict>(await answer!)).toMatchObject({ status: 'TEST_SUCCESS', deviceStatus: 'PASS' });
      expect(
        await db().selectFrom('flow_result').select(['attempt', 'status']).where('codeId', '=', device.id).orderBy('id').execute(),
      ).toEqual([
        { attempt: 1, status: 'TEST_ERROR' },
        { attempt: 2, status: 'TEST_SUCCESS' },
      ]);
      expect(
        await db()
          .selectFrom('production_code')
          .select(['resultCount', 'passedFlows', 'failedFlows', 'everFailed', 'testStatus'])
          .where('id', '=', device.id)
          .execute(),
      ).toEqual([{ resultCount: 2, passedFlows: 1, failedFlows: 0, everFailed: 1, testStatus: 'PASS' }]);
      expect(await flowCounts(one.taskId)).toEqual([{ id: one.flowIds[0], totalCount: 2, failCount: 1, finishNumber: 1, terminals: 2 }]);
    },
  );

  it.runIf(dialect === 'postgres')(
    'under the device lock, reads the device again when it had to wait: the read sees what the holder committed',
    async () => {
      const one = await api.runningTask({ flows: 1, count: 2, perFlow: 2 });
      const [first, second] = one.stations;
      const code = one.codes[0]!;
      const device = await db().selectFrom('production_code').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      let read: ReturnType<typeof findResultContext> | undefined;
      // The locked read waits for the holder; its statement began before the holder's fail was
      // committed, so without the second read it would see no result at the flow.
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('production_code').select('id').where('id', '=', device.id).forUpdate().execute();
          read = db()
            .transaction()
            .execute((reader) => findResultContext(reader, 'postgres', one.taskId, first!.flowId, code, true));
          await untilWaiting(1);
          await failAt(trx, first!.flowId, device.id, one.taskId, second!.terminalId);
        });
      expect(await read!).toMatchObject({ resultCount: 1, lockedResultCount: 1, latestStatus: 'TEST_ERROR', attempts: 1, failedFlows: 1 });
    },
  );
});
