import { TASK_ENDPOINTS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { liveServer } from '../test/live-server.js';
import { codesReader } from './factory-discovery.js';
import { GATEWAY, singleTaskPlan } from './factory-plan.js';
import { runFactory } from './factory-run.js';
import { startSimulation } from './simulation.js';
import { type PlannedTask, planNextTask, type SeededTask, seedFactory, taskStatusOf } from './factory-seed.js';

/**
 * The demo's factory keeps producing (issue 13 item 5): when a task is over, the
 * next one is planned through the console API on the same line and PADs, the log
 * says which, and the stations go on. Against a real server (SQLite) on a port.
 */
describe('a factory run that plans the next task when one finishes', () => {
  const live = liveServer();

  /** Terminal codes on each flow of a task, flow by flow. */
  const padsByFlow = async (taskId: number) =>
    (await live.api(TASK_ENDPOINTS.taskEditData, { taskId })).flowPads.map((flowPad) => flowPad.padInfos.map((pad) => pad.code).sort());

  it('finishes a task, plans the next on the same line and PADs, says so, and goes on until stopped', { timeout: 120_000 }, async () => {
    const { url, api } = live;
    const plan = {
      ...singleTaskPlan(GATEWAY, { units: 3, stations: GATEWAY.flows.length, operatorCount: 1, padPrefix: 'RUN' }),
      manualStation: { name: 'runworker', password: 'Station123' },
    };
    const seeded = await seedFactory(api, url, plan);
    const first = seeded.tasks[0]!;
    const firstPads = await padsByFlow(first.taskId);
    const lines: string[] = [];
    const planned: { previous: SeededTask; next: PlannedTask; pads: string[][] }[] = [];
    const run = runFactory({
      api,
      plan,
      tasks: seeded.tasks,
      simulation: { baseUrl: url, rate: 0, failureRate: 0, repairDelayMs: 0, codesOf: codesReader(api), randomSeed: 7 },
      log: (line) => lines.push(line),
      // The PADs of a planned task, read before its stations start (a finished task frees them).
      onPlanned: async (previous, next) => void planned.push({ previous, next, pads: await padsByFlow(next.taskId) }),
    });
    try {
      // Two tasks over, so the loop goes on past its first turn.
      await expect.poll(() => planned.length, { timeout: 90_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    } finally {
      await run.stop();
    }

    const [firstTurn, secondTurn] = planned;
    expect(firstTurn!.previous.taskId).toBe(first.taskId);
    expect(await taskStatusOf(api, first.taskId, GATEWAY.number)).toBe('FINISH');
    const next = firstTurn!.next;
    expect(next).toMatchObject({ productNumber: GATEWAY.number, units: 3, lineName: '测试产线', lineNum: 'LOAD_01' });
    expect(next.taskId).not.toBe(first.taskId);
    expect(secondTurn!.previous.taskId).toBe(next.taskId);
    expect(await taskStatusOf(api, next.taskId, GATEWAY.number)).toBe('FINISH');
    // The same PADs on the same flows, the person's 人工工位 PAD at flow 1 included; each station keeps its user.
    expect(firstTurn!.pads).toEqual(firstPads);
    expect(firstPads[0]).toContain('RUN-1-M1');
    expect(next.stations.map((station) => station.terminalCode).sort()).toEqual(first.stations.map((station) => station.terminalCode).sort());
    expect(next.stations.every((station) => station.username === first.stations[0]!.username)).toBe(true);

    // The output names the finished task and the planned one with its product and line.
    expect(lines).toContain(
      `task ${first.taskId} (${GATEWAY.number}) finished; planned the next: task ${next.taskId}, ${GATEWAY.number}, 3 units on line 测试产线 (LOAD_01), ${first.stations.length} stations, started`,
    );
    // Every unit of both tasks passed every flow: the stations worked the new task.
    const finished = await api(TASK_ENDPOINTS.taskList, { productNumberOrProductLineCode: GATEWAY.number, pageSize: 0 });
    for (const taskId of [first.taskId, next.taskId]) expect(finished.list.find((row) => row.id === taskId)?.finishNumber).toBe(3);
  });

  it('finishes a task whose flows drained with units left before planning the next on its PADs', { timeout: 60_000 }, async () => {
    const { url, api } = live;
    // A product of its own, so the task is new (seeding reuses a product's open task).
    const product = { ...GATEWAY, number: 'GW_DRAIN', code: 'GWDRAIN' };
    const plan = singleTaskPlan(product, { units: 50, stations: product.flows.length, operatorCount: 1, padPrefix: 'DRAIN' });
    const stuck = (await seedFactory(api, url, plan)).tasks[0]!;
    // A few results start it; the stations stop with most units untested, as when units leave the line.
    const simulation = await startSimulation({ baseUrl: url, stations: stuck.stations, rate: 0, failureRate: 0, repairDelayMs: 0, codesOf: codesReader(api) });
    await expect.poll(() => simulation.stats.results, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    await simulation.stop();
    await Promise.all(simulation.clients.map((client) => client.logout()));
    expect(await taskStatusOf(api, stuck.taskId, product.number)).toBe('START');
    const pads = await padsByFlow(stuck.taskId);

    const next = await planNextTask(api, plan, 0, stuck);
    expect(await taskStatusOf(api, stuck.taskId, product.number)).toBe('FINISH');
    expect(next.taskId).not.toBe(stuck.taskId);
    expect(await taskStatusOf(api, next.taskId, product.number)).toBe('START');
    expect(await padsByFlow(next.taskId)).toEqual(pads);
    expect(next).toMatchObject({ productNumber: product.number, units: 50, lineName: '测试产线', lineNum: 'LOAD_01' });
  });
});
