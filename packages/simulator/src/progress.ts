import type { SimulationStats } from './simulation-stats.js';
import type { TaskProgress } from './simulation.js';

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
