import type { DtuStats } from './dtu-station.js';
import type { SimulationStats } from './simulation-stats.js';
import type { TaskProgress } from './simulation.js';
import type { Warehouse, WarehouseStats } from './warehouse.js';

const clock = (date: Date) => date.toTimeString().slice(0, 8);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** One progress line: throughput and pass rate since the last line, then each task's finished units. */
export function progressLine(stats: SimulationStats, tasks: readonly TaskProgress[], now = new Date()): string {
  const { perSecond, passRate } = stats.interval(now.getTime());
  const parts = [
    `${perSecond.toFixed(1)} results/s`,
    `pass ${passRate === null ? '-' : percent(passRate)}`,
    `total ${stats.results.toLocaleString('en')}`,
  ];
  if (stats.retried > 0) parts.push(`retried ${stats.retried}`);
  if (stats.refused > 0) parts.push(`refused ${stats.refused}`);
  for (const task of tasks) parts.push(`${task.productNumber} ${task.finished}/${task.total} done, waiting ${task.waiting.join('/')}`);
  return `[${clock(now)}] ${parts.join(' · ')}`;
}

/** The closing summary: totals, overall pass rate, refusals by message. */
export function summaryLines(stats: SimulationStats, tasks: readonly TaskProgress[], now = Date.now()): string[] {
  const seconds = Math.max(0.001, (now - stats.startedAt) / 1000);
  const lines = [
    `${stats.results.toLocaleString('en')} results in ${seconds.toFixed(0)} s (${(stats.results / seconds).toFixed(1)}/s), ` +
      `pass ${stats.results === 0 ? '-' : percent(stats.passed / stats.results)}, retried ${stats.retried}, refused ${stats.refused}`,
  ];
  for (const task of tasks) lines.push(`task ${task.taskId} ${task.productNumber}: ${task.finished}/${task.total} units passed every flow`);
  for (const [message, count] of stats.refusals) lines.push(`refused ${count}×: ${message}`);
  if (stats.unexpected > 0) lines.push(`${stats.unexpected} verdicts differed from the drawn values' intent`);
  return lines;
}

/** The warehouse's part of a progress line: units stocked, batches and their verdicts, units shipped. */
export function warehouseProgress(warehouse: Pick<Warehouse, 'stats' | 'waiting' | 'checking' | 'toShip'>): string {
  const { stats } = warehouse;
  const parts = [
    `stocked ${stats.stocked} (${warehouse.waiting()} waiting)`,
    `batches closed ${stats.closed}: ${stats.accepted} 合格, ${stats.rejected} 不合格, ${warehouse.checking()} checking`,
    `shipped ${stats.shipped} (${warehouse.toShip()} to ship)`,
  ];
  if (stats.refused > 0) parts.push(`refused ${stats.refused}`);
  return `warehouse: ${parts.join(', ')}`;
}

/** The warehouse's closing lines. */
export function warehouseSummary(stats: WarehouseStats): string[] {
  const lines = [
    `warehouse: ${stats.stocked} units stocked (${stats.scannedBySn} by SN), ${stats.closed} batches closed, ` +
      `${stats.checked} units spot-checked (${stats.defects} defective): ${stats.accepted} batches 合格, ${stats.rejected} 不合格; ${stats.shipped} units shipped`,
  ];
  if (stats.alreadyStocked > 0) lines.push(`warehouse: ${stats.alreadyStocked} passed units were in stock already (an earlier run)`);
  if (stats.dropped > 0) lines.push(`warehouse: ${stats.dropped} passed units were not taken (the queue was full)`);
  for (const [message, count] of stats.refusals) lines.push(`warehouse refused ${count}×: ${message}`);
  return lines;
}

/** The DTU benches' part of a progress line: units tested, passed, failed, duplicates the server refused. */
export function dtuProgress(stats: DtuStats, repairsWaiting = 0): string {
  const parts = [
    `tested ${stats.tested}`,
    `passed ${stats.passed}`,
    `failed ${stats.failed}`,
    `duplicates refused ${stats.duplicatesRefused}`,
    `reworked ${stats.reworked} (${repairsWaiting} waiting)`,
  ];
  if (stats.batchesSubmitted > 0) parts.push(`submitted ${stats.batchesSubmitted} batches (${stats.unitsSubmitted} units)`);
  if (stats.samplesJudged > 0) {
    parts.push(`sampled ${stats.samplesJudged} (${stats.samplesDefective} defective): batches ${stats.batchesAccepted} 合格, ${stats.batchesRejected} 不合格`);
  }
  if (stats.retested > 0) parts.push(`retested ${stats.retested}`);
  if (stats.incomplete > 0) parts.push(`values missing ${stats.incomplete}`);
  if (stats.refused > 0) parts.push(`refused ${stats.refused}`);
  return `DTU: ${parts.join(', ')}`;
}

/** The DTU benches' closing lines. */
export function dtuSummary(stats: DtuStats): string[] {
  const lines = [
    `DTU: ${stats.tested} units tested, ${stats.passed} passed, ${stats.failed} failed; ${stats.duplicatesRefused} duplicate scans refused, ` +
      `${stats.retested} retested where allowed, ${stats.reworked} failed units reworked`,
  ];
  if (stats.batchesSubmitted > 0 || stats.samplesJudged > 0) {
    lines.push(
      `DTU: ${stats.batchesSubmitted} batches submitted (${stats.unitsSubmitted} units); ${stats.samplesJudged} samples judged ` +
        `(${stats.samplesDefective} defective), ${stats.batchesAccepted} batches 合格, ${stats.batchesRejected} 不合格` +
        (stats.samplingSkipped > 0 ? `; ${stats.samplingSkipped} samples let go (sampled already, or the batch judged meanwhile)` : ''),
    );
  }
  if (stats.incomplete > 0) lines.push(`DTU: ${stats.incomplete} units were submitted before all their values came (is the broker the server's?)`);
  if (stats.unexpected > 0) lines.push(`DTU: ${stats.unexpected} verdicts differed from the drawn values' intent`);
  for (const [message, count] of stats.refusals) lines.push(`DTU refused ${count}×: ${message}`);
  return lines;
}
