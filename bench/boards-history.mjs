// The test history bench/boards.mjs bulk-loads: for each device of a task, the results a line would
// have reported (most pass both flows at the first attempt, about 5% fail once, 4.5% are retested and
// pass, 0.5% still wait for repair), with what each result adds to the rollups, computed by the
// server's rules (modules/station/station-result.ts countsOf, docs/metrics.md). Pure: no database.
import { BOARD_LIMITS, judgeValue } from '@factory/contracts';

const BUCKET_MS = BOARD_LIMITS.bucketMinutes * 60_000;
/** Terminals share a day's dashboard row in this many shards (result-writes.ts DAY_SHARDS). */
const DAY_SHARDS = 16;
const TEMPLATES_EACH = 24;
export const SHARE = { failOnce: 0.05, stillFailed: 0.005 };

/**
 * What stations store for a flow: judged auto-check JSON and manual JSON exactly as the server writes
 * them (station-result.ts judge), drawn by the simulator's value model; pass and fail templates, each
 * failing one with the check items that failed.
 */
export function flowTemplates(sim, assignment, random, templates) {
  const add = (text) => templates.push(text) - 1;
  const pass = [];
  const fail = [];
  for (let draws = 0; (pass.length < TEMPLATES_EACH || fail.length < TEMPLATES_EACH) && draws < 10_000; draws++) {
    const drawn = sim.drawResult(assignment.items, assignment.manualItems, 0.5, random);
    const values = new Map(drawn.autoValues.map((entry) => [entry.itemId, entry.value]));
    const passes = new Map(drawn.manualResults.map((entry) => [entry.itemId, entry.pass]));
    const judged = assignment.items.map((item) => {
      const { value, result } = judgeValue(item, values.get(item.id));
      return { itemId: item.id, name: item.name, value, standard: item.standard, result };
    });
    const manual = assignment.manualItems.map((item) => ({ itemId: item.id, name: item.name, pass: passes.get(item.id) ?? false }));
    const failures = [
      ...judged.filter((item) => item.result !== 1).map((item) => ({ kind: 'auto', itemId: item.itemId })),
      ...manual.filter((item) => !item.pass).map((item) => ({ kind: 'manual', itemId: item.itemId })),
    ];
    const into = failures.length === 0 ? pass : fail;
    if (into.length < TEMPLATES_EACH) into.push({ auto: add(JSON.stringify(judged)), manual: add(JSON.stringify(manual)), failures });
  }
  if (pass.length === 0 || fail.length === 0) throw new Error(`flow ${assignment.flowId}: could not draw passing and failing results`);
  return { pass, fail };
}

/** The factory day (YYYY-MM-DD in `timeZone`) of an instant, cached per quarter hour (every zone's offset is a multiple). */
export function dayFormatter(timeZone) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const cache = new Map();
  return (at) => {
    const key = Math.floor(at / 900_000);
    let day = cache.get(key);
    if (day === undefined) {
      day = format.format(new Date(key * 900_000));
      cache.set(key, day);
    }
    return day;
  };
}

/** The steps of one device: [flow index, pass] in the order they were tested. */
function stepsOf(random) {
  const draw = random();
  if (draw >= SHARE.failOnce) return [[0, true], [1, true]];
  const atFirst = random() < 0.6;
  const open = draw < SHARE.stillFailed;
  if (atFirst) return open ? [[0, false]] : [[0, false], [0, true], [1, true]];
  return open ? [[0, true], [1, false]] : [[0, true], [1, false], [1, true]];
}

export function emptyBatch() {
  const columns = (names) => Object.fromEntries(names.map((name) => [name, []]));
  return {
    results: columns(['id', 'taskId', 'taskFlowId', 'flowSequence', 'codeId', 'terminalId', 'accountId', 'userName', 'pass', 'attempt',
      'startTime', 'endTime', 'createTime', 'autoResults', 'manualResults']),
    latest: columns(['codeId', 'taskFlowId', 'latestResultId', 'pass', 'attempts']),
    devices: columns(['id', 'sn', 'testStatus', 'passedFlows', 'failedFlows', 'everFailed', 'resultCount', 'firstTestTime', 'lastTestTime', 'repaired']),
    counters: new Map(),
    failures: new Map(),
    buckets: new Map(),
    days: new Map(),
    deviceCount: 0,
  };
}

function add(map, key, base, deltas) {
  let row = map.get(key);
  if (!row) map.set(key, (row = { ...base, ...Object.fromEntries(Object.keys(deltas).map((name) => [name, 0])) }));
  for (const [name, value] of Object.entries(deltas)) row[name] += value;
}

/**
 * Appends one device's history to `batch`: its results (ids from `nextId`), its latest result per
 * flow, its columns, and what the results add to flow_counter, item_failure, task_bucket (per flow) and
 * daily_output, aggregated per row within the batch. `start` is when its first test began.
 */
export function addDevice(batch, task, device, start, random, nextId, dayOf) {
  const flowCount = task.flows.length;
  const state = { resultCount: 0, everFailed: 0, repaired: 0, testStatus: null, passed: 0, failed: 0, first: null, last: null };
  const latest = task.flows.map(() => null);
  let clock = start;
  for (const [index, pass] of stepsOf(random)) {
    const flow = task.flows[index];
    const terminal = flow.terminals[Math.floor(random() * flow.terminals.length)];
    const wasFail = latest[index]?.pass === false;
    // A retest waits for the repair; the next flow follows within minutes.
    clock += wasFail ? 600_000 + Math.floor(random() * 1_800_000) : 30_000 + Math.floor(random() * 240_000);
    const startTime = clock;
    const endTime = clock + 20_000 + Math.floor(random() * 60_000);
    clock = endTime;
    const wasPass = latest[index]?.pass === true;
    const passed = state.passed - (wasPass ? 1 : 0) + (pass ? 1 : 0);
    const failed = state.failed - (wasFail ? 1 : 0) + (pass ? 0 : 1);
    const testStatus = failed > 0 ? 'NOT_PASS' : passed === flowCount ? 'PASS' : null;
    const finishDelta = (pass ? 1 : 0) - (wasPass ? 1 : 0);
    const attempt = (latest[index]?.attempts ?? 0) + 1;
    const counts = {
      totalCount: 1,
      failCount: pass ? 0 : 1,
      finishNumber: finishDelta,
      testedUnits: state.resultCount === 0 ? 1 : 0,
      repairUnits: wasFail && state.repaired === 0 ? 1 : 0,
      onePassUnits: state.everFailed === 0 && testStatus === 'PASS' && state.testStatus !== 'PASS' ? 1 : 0,
      failedUnits: state.everFailed === 0 && !pass ? 1 : 0,
      firstCount: attempt === 1 ? 1 : 0,
      firstPassCount: attempt === 1 && pass ? 1 : 0,
    };
    const produced = flow.sequence === flowCount ? finishDelta : 0;
    const template = pass ? flow.pass[Math.floor(random() * flow.pass.length)] : flow.fail[Math.floor(random() * flow.fail.length)];

    const id = nextId();
    const r = batch.results;
    r.id.push(id);
    r.taskId.push(task.taskId);
    r.taskFlowId.push(flow.id);
    r.flowSequence.push(flow.sequence);
    r.codeId.push(device.id);
    r.terminalId.push(terminal.id);
    r.accountId.push(terminal.accountId);
    r.userName.push(terminal.userName);
    r.pass.push(pass);
    r.attempt.push(attempt);
    r.startTime.push(startTime);
    r.endTime.push(endTime);
    r.createTime.push(endTime + 50 + Math.floor(random() * 400));
    r.autoResults.push(template.auto);
    r.manualResults.push(template.manual);

    add(batch.counters, `${flow.id}:${terminal.id}`, { taskFlowId: flow.id, terminalId: terminal.id }, counts);
    if (!pass) {
      for (const failure of template.failures) {
        add(batch.failures, `${flow.id}:${terminal.id}:${failure.kind}:${failure.itemId}`,
          { taskFlowId: flow.id, terminalId: terminal.id, kind: failure.kind, itemId: failure.itemId }, { failCount: 1 });
      }
    }
    if (produced !== 0 || counts.firstCount !== 0) {
      const bucketStart = Math.floor(endTime / BUCKET_MS) * BUCKET_MS;
      add(batch.buckets, `${flow.id}:${bucketStart}:${terminal.id}`, { taskFlowId: flow.id, bucketStart, terminalId: terminal.id },
        { produced, firstCount: counts.firstCount, firstPassCount: counts.firstPassCount });
    }
    if (produced !== 0 || counts.testedUnits !== 0 || counts.onePassUnits !== 0 || counts.failedUnits !== 0) {
      const day = dayOf(endTime);
      const shard = terminal.id % DAY_SHARDS;
      add(batch.days, `${task.ownerId}:${day}:${task.taskId}:${shard}`, { ownerId: task.ownerId, day, taskId: task.taskId, shard },
        { produced, tested: counts.testedUnits, onePassUnits: counts.onePassUnits, failedUnits: counts.failedUnits });
    }

    state.passed = passed;
    state.failed = failed;
    state.testStatus = testStatus;
    state.everFailed = state.everFailed === 1 || !pass ? 1 : 0;
    state.repaired = state.repaired === 1 || wasFail ? 1 : 0;
    state.resultCount += 1;
    state.first = state.first === null ? endTime : Math.min(state.first, endTime);
    state.last = state.last === null ? endTime : Math.max(state.last, endTime);
    latest[index] = { id, pass, attempts: attempt };
  }
  for (const [index, at] of latest.entries()) {
    if (!at) continue;
    batch.latest.codeId.push(device.id);
    batch.latest.taskFlowId.push(task.flows[index].id);
    batch.latest.latestResultId.push(at.id);
    batch.latest.pass.push(at.pass);
    batch.latest.attempts.push(at.attempts);
  }
  const d = batch.devices;
  d.id.push(device.id);
  d.sn.push(device.sn);
  d.testStatus.push(state.testStatus);
  d.passedFlows.push(state.passed);
  d.failedFlows.push(state.failed);
  d.everFailed.push(state.everFailed);
  d.resultCount.push(state.resultCount);
  d.firstTestTime.push(state.first);
  d.lastTestTime.push(state.last);
  d.repaired.push(state.repaired);
  batch.deviceCount += 1;
}
