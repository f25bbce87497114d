import { BOARD_LIMITS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { rounded } from './rates.js';
import type { Database } from './schema.js';

// Each flow's pace over the last hour, read from the task's five-minute buckets: the
// board's schedule and the task detail's realSpeed show the same figure.

export const BUCKET_MS = BOARD_LIMITS.bucketMinutes * 60_000;
export const HOUR_MS = 3_600_000;

/** The start of the hour the pace reads, to the bucket: the current five minutes and the eleven before them. */
const lastHourSince = (now: number) => Math.floor(now / BUCKET_MS) * BUCKET_MS - HOUR_MS + BUCKET_MS;

/**
 * Each flow's pace (realSpeed, docs/metrics.md): seconds per unit over the tests
 * that ended in the last hour, the span from the earliest start to the latest end
 * among them over their number. The span is the time the units actually took, so a
 * task begun ten minutes ago is not read as an hour of work (3600 s over the few
 * units done was 720 s/台 at 1–3 s a unit); stations working side by side make it
 * shorter and idle gaps longer, as the finish estimate needs. A flow with no test
 * in the hour has no pace (absent from the map).
 */
export function flowPaces(buckets: readonly Bucket[]): Map<number, number> {
  const spans = new Map<number, { tests: number; firstStart: number; lastEnd: number }>();
  for (const bucket of buckets) {
    if (bucket.testCount === 0 || bucket.firstStart === null || bucket.lastEnd === null) continue;
    const span = spans.get(bucket.taskFlowId);
    if (!span) {
      spans.set(bucket.taskFlowId, { tests: bucket.testCount, firstStart: bucket.firstStart, lastEnd: bucket.lastEnd });
      continue;
    }
    span.tests += bucket.testCount;
    span.firstStart = Math.min(span.firstStart, bucket.firstStart);
    span.lastEnd = Math.max(span.lastEnd, bucket.lastEnd);
  }
  return new Map([...spans].map(([flowId, span]) => [flowId, rounded((span.lastEnd - span.firstStart) / 1000 / span.tests, 2)]));
}

/** The pace of each flow of a task over the last hour (the task detail's realSpeed). */
export async function taskFlowPaces(db: Kysely<Database>, taskId: number, now: number): Promise<Map<number, number>> {
  return flowPaces(await bucketsSince(db, taskId, lastHourSince(now)));
}

/**
 * The task's five-minute buckets from `since` on, per flow, summed over terminals:
 * its counts, and the span of its tests (the earliest start, the latest end; null
 * where no result wrote the span, as in buckets from before migration 012).
 */
export async function bucketsSince(db: Kysely<Database>, taskId: number, since: number) {
  const rows = await db
    .selectFrom('task_bucket')
    .innerJoin('task_flow', 'task_flow.id', 'task_bucket.taskFlowId')
    .select((eb) => [
      'task_bucket.taskFlowId',
      'task_bucket.bucketStart',
      eb.fn.sum<number>('task_bucket.produced').as('produced'),
      eb.fn.sum<number>('task_bucket.firstCount').as('firstCount'),
      eb.fn.sum<number>('task_bucket.firstPassCount').as('firstPassCount'),
      eb.fn.sum<number>('task_bucket.testCount').as('testCount'),
      eb.fn.min<number | null>('task_bucket.firstStart').as('firstStart'),
      eb.fn.max<number | null>('task_bucket.lastEnd').as('lastEnd'),
    ])
    .where('task_flow.taskId', '=', taskId)
    .where('task_bucket.bucketStart', '>=', since)
    .groupBy(['task_bucket.taskFlowId', 'task_bucket.bucketStart'])
    .execute();
  // PostgreSQL answers sums and bigints as strings.
  const orNull = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    taskFlowId: row.taskFlowId,
    bucketStart: Number(row.bucketStart),
    produced: Number(row.produced),
    firstCount: Number(row.firstCount),
    firstPassCount: Number(row.firstPassCount),
    testCount: Number(row.testCount),
    firstStart: orNull(row.firstStart),
    lastEnd: orNull(row.lastEnd),
  }));
}

export type Bucket = Awaited<ReturnType<typeof bucketsSince>>[number];
