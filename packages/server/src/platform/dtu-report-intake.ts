import {
  DTU_REPORT_TOPIC_PREFIX,
  DTU_TASK_TRANSITIONS,
  REPORT_JOIN_WINDOW_MS,
  REPORT_LIMITS,
  type ReportContent,
  reportContent,
  unitOfReportTopic,
} from '@factory/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from './config.js';
import { type Db, inTransaction } from './db.js';
import { type DtuTesting, dtuTestingOf, judgeReport, otherIdentityOf } from './dtu-testing.js';
import { unitCodeOf } from './dtu-tasks.js';
import { connectToBroker, type MqttSubscription, startEmbeddedBroker } from './mqtt-broker.js';
import type { ResultEventHub } from './result-events.js';

/*
 * DTU reports (DESIGN.md §9.4, §9.6): each is kept in the check log (dtu_report)
 * as received, then applied to its unit under test, in one transaction. The
 * same path serves MQTT and the station's POST /api/station/dtu/report.
 */

export type ReportSource = 'MQTT' | 'STATION';

export interface IncomingReport {
  /** the IMEI or MAC of the topic or the station's body (stored upper case) */
  unitCode: string;
  source: ReportSource;
  /** the payload as received */
  payload: Buffer | string;
  receiveTime: number;
  /** the station that posted it */
  terminalId: number | null;
  /** a station's report joins its own task's unit only */
  taskId?: number;
}

export interface StoredReport {
  reportId: number;
  /** the unit's test it joined, null when none was open */
  testId: number | null;
  /** that test's task (whose live stream hears of it), null when none was open */
  task: { id: number; ownerId: number } | null;
  /** its values were taken (a JSON object within the limits) */
  applied: boolean;
}

/** An open test a report may join, with what judging needs. */
interface OpenTest {
  id: number;
  taskId: number;
  ownerId: number;
  dtuId: number;
  testFirmwareVersion: string;
}

/**
 * The payload as kept and, when it is a JSON object within REPORT_LIMITS, its
 * values. Longer than bytesMax: the first bytesMax bytes are kept and nothing is
 * applied (the check log shows what came; a device cannot fill the disk). A NUL
 * (which PostgreSQL text refuses) is kept as U+FFFD; such a payload is no JSON anyway.
 */
export function readPayload(payload: Buffer | string): { text: string; content: ReportContent | null } {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const truncated = bytes.length > REPORT_LIMITS.bytesMax;
  const raw = (truncated ? bytes.subarray(0, REPORT_LIMITS.bytesMax) : bytes).toString('utf8');
  const text = raw.replaceAll('\u0000', '\uFFFD');
  if (truncated) return { text, content: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { text, content: null };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { text, content: null };
  const checked = reportContent.safeParse(parsed);
  return { text, content: checked.success ? checked.data : null };
}

/** Serialises a task's tests on PostgreSQL for the transaction (SQLite writes one transaction at a time already). */
export async function lockDtuTask(tx: Db, taskId: number): Promise<void> {
  if (tx.dialect === 'postgres') await tx.kysely.selectFrom('dtu_task').select('id').where('id', '=', taskId).forUpdate().execute();
}

/**
 * The open test of a unit (no result yet) in a task that tests (UNSTART, START, not
 * deleted) or an open sample of it (any status); the latest started when two are
 * open; only `taskId`'s when given.
 */
async function findOpenTest(tx: Db, unitCode: string, taskId: number | undefined): Promise<OpenTest | undefined> {
  let query = tx.kysely
    .selectFrom('dtu_test')
    .innerJoin('dtu_task', 'dtu_task.id', 'dtu_test.taskId')
    .select(['dtu_test.id', 'dtu_test.taskId', 'dtu_test.ownerId', 'dtu_test.dtuId', 'dtu_task.testFirmwareVersion'])
    .where('dtu_test.unitCode', '=', unitCode)
    .where('dtu_test.testStatus', 'is', null)
    .where('dtu_task.deleted', '=', 0)
    // a sample is tested whatever its task's status (a finished task's last batches are still sampled)
    .where((eb) => eb.or([eb('dtu_task.status', 'in', [...DTU_TASK_TRANSITIONS.test]), eb('dtu_test.sampleBatchId', '<>', 0)]));
  if (taskId !== undefined) query = query.where('dtu_test.taskId', '=', taskId);
  return query.orderBy('dtu_test.startTime', 'desc').orderBy('dtu_test.id', 'desc').limit(1).executeTakeFirst();
}

/** Keeps one report and applies it to its unit's open test, in the caller's transaction. */
export async function storeReport(tx: Db, report: IncomingReport): Promise<StoredReport> {
  const unitCode = unitCodeOf(report.unitCode);
  const { text, content } = readPayload(report.payload);
  const { id: reportId } = await tx.kysely
    .insertInto('dtu_report')
    .values({
      unitCode,
      receiveTime: report.receiveTime,
      source: report.source,
      content: text,
      dtuId: null,
      taskId: null,
      testId: null,
      terminalId: report.terminalId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let test = await findOpenTest(tx, unitCode, report.taskId);
  if (test) {
    // The unit's own row, not its task's: reports of a task's many units go side by side, and a
    // result (which updates this row under the task's lock) still waits for the report or it for the result.
    if (tx.dialect === 'postgres') await tx.kysely.selectFrom('dtu_test').select('id').where('id', '=', test.id).forUpdate().execute();
    // A result may have closed it while the lock was awaited.
    test = await findOpenTest(tx, unitCode, test.taskId);
  }
  if (!test) return { reportId, testId: null, task: null, applied: false };
  const testing = await dtuTestingOf(tx.kysely, test.dtuId, test.testFirmwareVersion);
  await joinReport(tx, test, testing, { id: reportId, source: report.source, receiveTime: report.receiveTime }, content);
  return { reportId, testId: test.id, task: { id: test.taskId, ownerId: test.ownerId }, applied: content !== null };
}

/**
 * A report joins a test: the check-log row names the unit's DTU, task and test, and
 * its values (when it has any to take) become the test's, the latest per code
 * winning by receive time even when reports are applied out of order (an upsert on
 * the unique (testId, kind, code): two reports at once lose nothing). A report over
 * MQTT is the unit's own: it verifies the unit to the server.
 */
async function joinReport(
  tx: Db,
  test: OpenTest,
  testing: DtuTesting,
  report: { id: number; source: string; receiveTime: number },
  content: ReportContent | null,
): Promise<void> {
  await tx.kysely.updateTable('dtu_report').set({ dtuId: test.dtuId, taskId: test.taskId, testId: test.id }).where('id', '=', report.id).execute();
  if (!content) return;
  const values = judgeReport(testing, content);
  if (values.length > 0) {
    await tx.kysely
      .insertInto('dtu_test_value')
      .values(values.map((value) => ({ testId: test.id, ...value, reportTime: report.receiveTime })))
      .onConflict((conflict) =>
        conflict
          .columns(['testId', 'kind', 'code'])
          .doUpdateSet((eb) => ({
            propertyId: eb.ref('excluded.propertyId'),
            name: eb.ref('excluded.name'),
            value: eb.ref('excluded.value'),
            pass: eb.ref('excluded.pass'),
            reportTime: eb.ref('excluded.reportTime'),
          }))
          .where('dtu_test_value.reportTime', '<=', sql.ref<number>('excluded.reportTime')),
      )
      .execute();
  }
  const other = otherIdentityOf(testing, content);
  const verified = report.source === 'MQTT';
  if (other.imei !== undefined || other.mac !== undefined || verified) {
    await tx.kysely
      .updateTable('dtu_test')
      .set({ ...other, ...(verified ? { serverVerified: 1 } : {}) })
      .where('id', '=', test.id)
      .execute();
  }
}

/**
 * At a scan, the reports of the unit that came with no open test in the last
 * REPORT_JOIN_WINDOW_MS join it, oldest first (a DTU often reports before it is
 * scanned: DESIGN.md §9.6).
 */
export async function joinWaitingReports(tx: Db, test: { id: number; taskId: number; dtuId: number; unitCode: string }, now: number): Promise<void> {
  const waiting = await tx.kysely
    .selectFrom('dtu_report')
    .select(['id', 'source', 'receiveTime', 'content'])
    .where('unitCode', '=', test.unitCode)
    .where('testId', 'is', null)
    .where('receiveTime', '>=', now - REPORT_JOIN_WINDOW_MS)
    .orderBy('receiveTime')
    .orderBy('id')
    .execute();
  if (waiting.length === 0) return;
  const task = await tx.kysely.selectFrom('dtu_task').select(['testFirmwareVersion', 'ownerId']).where('id', '=', test.taskId).executeTakeFirstOrThrow();
  const open: OpenTest = { id: test.id, taskId: test.taskId, ownerId: task.ownerId, dtuId: test.dtuId, testFirmwareVersion: task.testFirmwareVersion };
  const testing = await dtuTestingOf(tx.kysely, test.dtuId, task.testFirmwareVersion);
  for (const report of waiting) {
    await joinReport(tx, open, testing, { id: report.id, source: report.source, receiveTime: Number(report.receiveTime) }, readPayload(report.content).content);
  }
}

/** Reports held in memory at most before new ones are dropped (a flood must not exhaust the server). */
const PENDING_MAX = 10_000;

/**
 * MQTT reports in order per unit (a unit's reports are applied as they came), units
 * side by side; each report in its own transaction, retried once. `results` hears,
 * after the commit, of each report that joined a unit under test.
 */
export function reportQueue(db: Db, log: FastifyBaseLogger, results: ResultEventHub) {
  const chains = new Map<string, Promise<void>>();
  let pending = 0;
  let closed = false;
  let lastDropWarning = 0;
  const store = async (report: IncomingReport) => {
    const { task } = await inTransaction(db, (tx) => storeReport(tx, report));
    if (task) results.publish({ kind: 'dtuTask', taskId: task.id, ownerId: task.ownerId });
  };
  return {
    push(report: IncomingReport): void {
      if (closed) return;
      if (pending >= PENDING_MAX) {
        if (report.receiveTime - lastDropWarning > 60_000) {
          lastDropWarning = report.receiveTime;
          log.warn(`MQTT: ${PENDING_MAX} reports wait to be stored; new ones are dropped until they are`);
        }
        return;
      }
      pending += 1;
      const key = unitCodeOf(report.unitCode);
      const next = (chains.get(key) ?? Promise.resolve())
        .then(() => store(report).catch(() => store(report)))
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, unit: key }, 'MQTT: a DTU report could not be stored'),
        )
        .finally(() => {
          pending -= 1;
          if (chains.get(key) === next) chains.delete(key);
        });
      chains.set(key, next);
    },
    /** No more reports are taken; resolves once those taken are stored. */
    async close(): Promise<void> {
      closed = true;
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
  };
}

/** The topics taken: every unit's reports. */
export const REPORT_TOPIC = `${DTU_REPORT_TOPIC_PREFIX}+/report`;

export interface DtuMqtt {
  /** the embedded broker's port, null on MQTT_URL, without a broker or with MQTT off */
  readonly port: number | null;
  /** true once the report topic is subscribed; false when it never will be */
  readonly subscribed: Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dtuMqtt: DtuMqtt;
  }
}

/**
 * The MQTT intake, started with the app (onReady: `listen` or the first inject)
 * and closed with it. On MQTT_URL the server subscribes in a shared group, so that
 * of several server processes one stores each report (DESIGN.md §10); on the
 * embedded broker it subscribes in process. A malformed topic is ignored.
 */
export function registerDtuReportIntake(app: FastifyInstance, db: Db, config: AppConfig, results: ResultEventHub): void {
  let subscription: MqttSubscription | null = null;
  let resolveSubscribed: (value: boolean) => void = () => {};
  const subscribed = new Promise<boolean>((resolve) => (resolveSubscribed = resolve));
  app.decorate('dtuMqtt', {
    get port() {
      return subscription?.port ?? null;
    },
    subscribed,
  } satisfies DtuMqtt);
  if (!config.mqtt) {
    resolveSubscribed(false);
    return;
  }
  const queue = reportQueue(db, app.log, results);
  const onMessage = (topic: string, payload: Buffer) => {
    const unit = unitOfReportTopic(topic);
    if (unit === null) return;
    queue.push({ unitCode: unit, source: 'MQTT', payload, receiveTime: Date.now(), terminalId: null });
  };
  app.addHook('onReady', async () => {
    subscription = config.mqttUrl
      ? connectToBroker({ url: config.mqttUrl, topic: `$share/${config.mqttShareGroup}/${REPORT_TOPIC}`, log: app.log, onMessage })
      : await startEmbeddedBroker({ host: config.host, port: config.mqttPort, topic: REPORT_TOPIC, log: app.log, onMessage });
    void subscription.subscribed.then(resolveSubscribed);
    if (subscription.port !== null && db.dialect === 'postgres') {
      // PostgreSQL is how a factory runs several server processes (DESIGN.md §10): each would need the reports.
      app.log.warn(
        'MQTT: the embedded broker takes DTU reports for this server process only; to run several processes on this PostgreSQL, point every one at the factory’s broker with MQTT_URL (docs/operations.md)',
      );
    }
  });
  // Before the database closes (onClose): no new reports, then those taken are stored.
  app.addHook('preClose', async () => {
    resolveSubscribed(false);
    await subscription?.close();
    await queue.close();
  });
}
