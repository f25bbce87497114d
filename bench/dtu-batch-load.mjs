// The bulk loader of bench/dtu-batch-export.mjs: one submitted batch of a DTU task written straight into the
// database (the server stopped), as many units as a line tests in days. Through the API each unit would be a scan,
// its reports and a result, and the batch a submit: minutes for 10,000 units, and not what the bench measures.
// Written: the production records (sampleBatchId 0, PASS, SUBMIT, in the batch), their values (CSQ, ICCID, VERSION,
// MAC; AUTO), the dtu_submit_batch row with its sampling plan, a few samples of the batch with their values and the
// DTU's other properties judged on them (dtu_sample_value), and the task's counters. Ids are given explicitly
// (the tables are new to the task), then PostgreSQL's sequences are moved past them.
import { samplingPlan } from '@factory/contracts';

const q = (name) => `"${name}"`;
/** Rows per PostgreSQL statement: 1,000 rows of ≤ 17 columns stay under its 65,535 parameters. */
const PG_ROWS = 1_000;

async function openSqlite(file) {
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  return {
    one: async (text, params = []) => db.prepare(text).get(...params),
    all: async (text, params = []) => db.prepare(text).all(...params),
    run: async (text, params = []) => void db.prepare(text).run(...params),
    /** Every table's rows in one transaction, a prepared statement a table. */
    insert: async (tables) => {
      db.transaction(() => {
        for (const { table, columns, rows } of tables) {
          const statement = db.prepare(`insert into ${table} (${columns.map(q).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
          for (const row of rows) statement.run(...row);
        }
      })();
    },
    finish: async () => void db.pragma('wal_checkpoint(TRUNCATE)'),
    close: async () => db.close(),
  };
}

async function openPostgres(url) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const numbered = (text) => {
    let index = 0;
    return text.replace(/\?/g, () => `$${++index}`);
  };
  return {
    one: async (text, params = []) => (await client.query(numbered(text), params)).rows[0],
    all: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    run: async (text, params = []) => void (await client.query(numbered(text), params)),
    /** Every table's rows in one transaction, multi-row INSERTs of PG_ROWS rows (their types from the columns). */
    insert: async (tables) => {
      await client.query('begin');
      try {
        for (const { table, columns, rows } of tables) {
          for (let start = 0; start < rows.length; start += PG_ROWS) {
            const chunk = rows.slice(start, start + PG_ROWS);
            let index = 0;
            const values = chunk.map((row) => `(${row.map(() => `$${++index}`).join(', ')})`).join(', ');
            await client.query(`insert into ${table} (${columns.map(q).join(', ')}) values ${values}`, chunk.flat());
          }
          // Ids were given explicitly: the sequence goes past them for the rows the server adds next.
          await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    // The rows arrived within seconds; a line adds them over days, with autovacuum analysing as it goes.
    finish: () => client.query('analyze dtu_submit_batch, dtu_test, dtu_test_value, dtu_sample_value, dtu_task'),
    close: () => client.end(),
  };
}

function openLoader(databaseUrl) {
  return databaseUrl.startsWith('file:') ? openSqlite(databaseUrl.slice('file:'.length)) : openPostgres(databaseUrl);
}

const nextId = async (loader, table) => Number((await loader.one(`select coalesce(max(id), 0) as id from ${table}`)).id) + 1;

const TEST_COLUMNS = ['id', 'taskId', 'dtuId', 'ownerId', 'unitCode', 'imei', 'mac', 'terminalId', 'testerId', 'startTime', 'checkTime',
  'testStatus', 'manageStatus', 'submitBatchId', 'sampleBatchId', 'clientResultId', 'serverVerified', 'keyResults'];
const VALUE_COLUMNS = ['id', 'testId', 'kind', 'propertyId', 'code', 'name', 'value', 'pass', 'reportTime'];
const SAMPLE_VALUE_COLUMNS = ['id', 'testId', 'propertyId', 'category', 'property', 'checkTool', 'checkStandard', 'actValue', 'pass', 'recordTime', 'testerId'];
const BATCH_COLUMNS = ['id', 'taskId', 'ownerId', 'seq', 'submitNumber', 'passNumber', 'submitTime', 'submitterId', 'checkCount', 'defectCount',
  'sampleSize', 'acceptNumber', 'rejectNumber', 'verdict', 'checkPersonId', 'checkTime'];

/** The reported values of a unit, as a cellular DTU reports them over MQTT (CSQ in the catalogue's range 15–31). */
function unitValues(sim, serial, version) {
  return [
    ['CSQ', String(15 + (serial % 17)), 1],
    ['ICCID', sim.iccidOf(serial), 1],
    ['VERSION', version, 1],
    ['MAC', sim.macOf(serial), 1],
  ];
}

/** What the inspector wrote, as the simulator's sampling bench does: a size within `100±0.5mm`, else 符合 (seen to conform). */
const actValueOf = (prop, index) => (/±/.test(prop.checkStandard) ? `${(99.8 + (index % 5) / 10).toFixed(1)}mm` : '符合');

/**
 * Writes one batch of `units` tested units into the DTU task `taskId`, tested at its first PAD by `testerName`
 * and submitted by `submitterName`, then `samples` of them sampled (level II, AQL 1.0). Answers the batch's id,
 * its sampling plan and how many values and judged other properties were written.
 */
export async function loadDtuBatch(databaseUrl, { sim, taskId, units, samples, testerName, submitterName, firstSerial = 800_000 }) {
  const loader = await openLoader(databaseUrl);
  try {
    const task = await loader.one(`select id, ${q('dtuId')}, ${q('ownerId')}, ${q('testFirmwareVersion')} from dtu_task where id = ?`, [taskId]);
    const pad = await loader.one(`select id from terminal where ${q('taskId')} = ? and ${q('partsRole')} = 'PAD' order by id`, [taskId]);
    const tester = await loader.one(`select id from account where ${q('userName')} = ?`, [testerName]);
    const submitter = await loader.one(`select id from account where ${q('userName')} = ?`, [submitterName]);
    if (!task || !pad || !tester || !submitter) throw new Error(`DTU task ${taskId} lacks its PAD, or ${testerName} or ${submitterName} is unknown`);
    const autoProps = new Map((await loader.all(`select id, code, name from dtu_auto_property where ${q('dtuId')} = ?`, [task.dtuId])).map((p) => [p.code, p]));
    const otherProps = await loader.all(
      `select id, category, property, ${q('checkTool')}, ${q('checkStandard')} from dtu_other_property where ${q('dtuId')} = ? and status = 1 order by id`,
      [task.dtuId],
    );

    const now = Date.now();
    // A unit every 2.5 s (a bench of two PADs), the last a minute before the submit.
    const submitTime = now - 3_600_000;
    const startOf = (index) => submitTime - 60_000 - (units - index) * 2_500;
    const plan = samplingPlan(units, 'II', 1.0);
    const batchId = await nextId(loader, 'dtu_submit_batch');
    let testId = await nextId(loader, 'dtu_test');
    let valueId = await nextId(loader, 'dtu_test_value');
    let sampleValueId = await nextId(loader, 'dtu_sample_value');

    const tests = [];
    const values = [];
    const addValues = (id, serial, time) => {
      for (const [code, value, pass] of unitValues(sim, serial, task.testFirmwareVersion)) {
        const prop = autoProps.get(code);
        values.push([valueId++, id, 'AUTO', prop?.id ?? null, code, prop?.name ?? (code === 'MAC' ? '蓝牙MAC' : code), value, pass, time]);
      }
    };
    for (let index = 0; index < units; index++) {
      const serial = firstSerial + index;
      const imei = sim.imeiOf(serial);
      const start = startOf(index);
      tests.push([testId, taskId, task.dtuId, task.ownerId, imei, imei, sim.macOf(serial), pad.id, tester.id, start, start + 45_000,
        'PASS', 'SUBMIT', batchId, 0, `bench-${testId}`, 1, '[]']);
      addValues(testId++, serial, start + 20_000);
    }

    // Samples spread over the batch, each a record of its own with the other properties judged on it.
    const sampleValues = [];
    for (let n = 0; n < samples; n++) {
      const index = Math.floor((n * units) / samples);
      const serial = firstSerial + index;
      const imei = sim.imeiOf(serial);
      const start = now - 1_800_000 + n * 120_000;
      tests.push([testId, taskId, task.dtuId, task.ownerId, imei, imei, sim.macOf(serial), pad.id, tester.id, start, start + 90_000,
        'PASS', 'UNSUBMIT', null, batchId, `bench-${testId}`, 1, '[]']);
      addValues(testId, serial, start + 20_000);
      for (const prop of otherProps) {
        sampleValues.push([sampleValueId++, testId, prop.id, prop.category, prop.property, prop.checkTool, prop.checkStandard,
          actValueOf(prop, n), 1, start + 80_000, tester.id]);
      }
      testId++;
    }
    const lastSampleTime = now - 1_800_000 + (samples - 1) * 120_000 + 90_000;
    const batch = [batchId, taskId, task.ownerId, 1, units, units, submitTime, submitter.id, samples, 0, plan.sampleSize, plan.acceptNumber,
      plan.rejectNumber, samples >= plan.sampleSize ? 'ACCEPT' : 'PENDING', tester.id, lastSampleTime];

    await loader.insert([
      { table: 'dtu_submit_batch', columns: BATCH_COLUMNS, rows: [batch] },
      { table: 'dtu_test', columns: TEST_COLUMNS, rows: tests },
      { table: 'dtu_test_value', columns: VALUE_COLUMNS, rows: values },
      { table: 'dtu_sample_value', columns: SAMPLE_VALUE_COLUMNS, rows: sampleValues },
    ]);
    // The task's counters and sampling quantity, as the results and 配置抽检任务 would have left them.
    await loader.run(
      `update dtu_task set ${q('testedNumber')} = ?, ${q('finishNumber')} = ?, ${q('checkNumber')} = ?, ${q('checkLevel')} = 'II', ${q('checkAql')} = 1 where id = ?`,
      [units, units, plan.sampleSize, taskId],
    );
    await loader.finish();
    return { batchId, plan, values: values.length, sampleValues: sampleValues.length };
  } finally {
    await loader.close();
  }
}
