import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/**
 * Issue 18: submission, sampling inspection and the inspection report of DTU
 * batches (DESIGN.md §9.3). A submit makes a dtu_submit_batch of the task's judged
 * UNSUBMIT records (dtu_test.submitBatchId). A sample is a dtu_test row too (the same
 * DTU test: scan, reports, result), apart from production by `sampleBatchId` (0 for a
 * production record), so a sampled unit has its production record and, per batch
 * sampled, one sample record; the unit index becomes (taskId, sampleBatchId, unitCode).
 * The other (manual) properties judged on a sample are dtu_sample_value rows. The
 * task keeps its sampling configuration (line, quantity, level, AQL); its sampling
 * terminals are terminals with partsRole CHECK.
 */
export function dtuSubmissionMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('dtu_submit_batch'), dialect)
        .addColumn('taskId', 'integer', (c) => c.notNull().references('dtu_task.id'))
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        /** the batch's number within its task: 1, 2, … */
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('submitNumber', 'integer', (c) => c.notNull())
        .addColumn('passNumber', 'integer', (c) => c.notNull())
        .addColumn('submitTime', 'bigint', (c) => c.notNull())
        .addColumn('submitterId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        /** sampling: samples judged, of them defective, the plan (set by the first sample) and the verdict */
        .addColumn('checkCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('defectCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sampleSize', 'integer')
        .addColumn('acceptNumber', 'integer')
        .addColumn('rejectNumber', 'integer')
        .addColumn('verdict', 'varchar(8)', (c) => c.notNull().defaultTo('PENDING'))
        /** who judged the latest sample, and when */
        .addColumn('checkPersonId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('checkTime', 'bigint')
        .execute();
      await db.schema.createIndex('dtu_submit_batch_seq').on('dtu_submit_batch').columns(['taskId', 'seq']).unique().execute();

      await db.schema.alterTable('dtu_test').addColumn('sampleBatchId', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.dropIndex('dtu_test_unit').execute();
      await db.schema.createIndex('dtu_test_unit').on('dtu_test').columns(['taskId', 'sampleBatchId', 'unitCode']).unique().execute();
      // A task's production records (sampleBatchId 0) in id order, and a batch's samples, each along one index:
      // with (taskId, id) alone SQLite would serve `taskId = ? AND sampleBatchId = 0 ORDER BY id` from dtu_test_sample.
      await db.schema.dropIndex('dtu_test_task').execute();
      await db.schema.createIndex('dtu_test_task').on('dtu_test').columns(['taskId', 'sampleBatchId', 'id']).execute();
      await db.schema.createIndex('dtu_test_batch').on('dtu_test').columns(['submitBatchId', 'id']).execute();
      // A batch's samples. On PostgreSQL the index holds samples only: without statistics its planner would
      // otherwise serve a task's production records (sampleBatchId 0) in id order from it, as well as from
      // dtu_test_task; a query's bound batch id proves the predicate. SQLite prefers the index matching more
      // equalities (dtu_test_task) and could not use a partial one for `sampleBatchId = ?`.
      let samples = db.schema.createIndex('dtu_test_sample').on('dtu_test').columns(['sampleBatchId', 'id']);
      if (dialect === 'postgres') samples = samples.where(sql.ref('sampleBatchId'), '<>', 0);
      await samples.execute();

      await withId(db.schema.createTable('dtu_sample_value'), dialect)
        .addColumn('testId', 'integer', (c) => c.notNull().references('dtu_test.id').onDelete('cascade'))
        .addColumn('propertyId', 'integer', (c) => c.notNull())
        /** the other property as it read when judged (the report shows it even if edited since) */
        .addColumn('category', 'varchar(64)', (c) => c.notNull())
        .addColumn('property', 'varchar(64)', (c) => c.notNull())
        .addColumn('checkTool', 'varchar(64)', (c) => c.notNull())
        .addColumn('checkStandard', 'varchar(256)', (c) => c.notNull())
        .addColumn('actValue', 'varchar(64)', (c) => c.notNull())
        .addColumn('pass', 'integer', (c) => c.notNull())
        .addColumn('recordTime', 'bigint', (c) => c.notNull())
        .addColumn('testerId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('dtu_sample_value_prop').on('dtu_sample_value').columns(['testId', 'propertyId']).unique().execute();

      // The task's sampling configuration (POST /api/checkTask/bind).
      await db.schema.alterTable('dtu_task').addColumn('checkLineId', 'integer').execute();
      await db.schema.alterTable('dtu_task').addColumn('checkNumber', 'integer').execute();
      await db.schema.alterTable('dtu_task').addColumn('checkLevel', 'varchar(4)', (c) => c.notNull().defaultTo('II')).execute();
      await db.schema.alterTable('dtu_task').addColumn('checkAql', 'double precision', (c) => c.notNull().defaultTo(1)).execute();
    },
  };
}
