// Times what a task of 100,000 units costs the server (issue 5): making its
// production codes in one transaction (target < 5 s on SQLite), exporting them as
// xlsx and csv, and rendering one QR label. Runs on a fresh temp SQLite database,
// and on a fresh schema of TEST_DATABASE_URL's PostgreSQL when that is set.
// Figures are printed against their targets, never asserted: only a crash fails.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
// Builds the server when its output is stale (tsc -b is incremental, so a no-op when it is not).
execSync(`${path.join(root, 'node_modules/.bin/tsc')} -b packages/server`, { cwd: root, stdio: 'inherit' });
const dist = (file) => import(path.join(root, 'packages/server/dist', file));
const { openDb } = await dist('platform/db.js');
const { migrate } = await dist('platform/migrate.js');
const { seed } = await dist('platform/seed.js');
const { loadConfig } = await dist('platform/config.js');
const { createProductionCodes, codeCount } = await dist('platform/production-codes.js');
const { writeCodesXlsx, codesCsv } = await dist('modules/production-code/code-export.js');
const { renderQrPng } = await dist('modules/production-code/qr-image.js');

const UNITS = 100_000;
const TARGET_MS = 5_000;
const QR_RENDERS = 200;
const quietLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quietLog };

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
async function timed(run) {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

/** A sink that only counts, so the figures are the server's work and not a disk's. */
function byteCounter() {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  });
  sink.bytes = 0;
  return sink;
}

const MODEL = '智能电表_BENCH';
const PRODUCT_CODE = 'BENCH_01';

async function insertProduct(db) {
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const type = await db.selectFrom('product_type').select('id').orderBy('sequence').executeTakeFirstOrThrow();
  const format = await db.selectFrom('data_format').select('id').orderBy('sequence').executeTakeFirstOrThrow();
  const now = Date.now();
  const product = await db
    .insertInto('product')
    .values({
      productTypeId: type.id,
      number: MODEL,
      code: PRODUCT_CODE,
      connectInternet: 0,
      communicationId: 'noInternet',
      dataFormatId: format.id,
      description: 'benchmark',
      publishStatus: 'PUBLISH',
      ownerId: admin.id,
      createTime: now,
      publishTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ownerId: admin.id, productTypeId: type.id, productId: product.id };
}

async function insertTask(db, product) {
  const now = Date.now();
  const task = await db
    .insertInto('task')
    .values({
      ownerId: product.ownerId,
      creatorId: product.ownerId,
      productTypeId: product.productTypeId,
      productId: product.productId,
      productNumber: MODEL,
      productCode: PRODUCT_CODE,
      communicationId: 'noInternet',
      productionCount: UNITS,
      status: 'NEW',
      expireTime: null,
      createTime: now,
      updateTime: now,
      startTime: null,
      finishTime: null,
    })
    .returning(['id', 'productNumber', 'productCode'])
    .executeTakeFirstOrThrow();
  return task;
}

async function benchDialect(name, databaseUrl, options = {}) {
  const db = openDb(databaseUrl, options);
  try {
    await migrate(db);
    await seed(db, loadConfig({ ADMIN_PASSWORD: 'Admin12345', CAPTCHA: 'off' }), quietLog);
    const product = await insertProduct(db.kysely);
    const task = await insertTask(db.kysely, product);

    const made = await timed(() =>
      db.kysely.transaction().execute((trx) => createProductionCodes(trx, task.id, 1, UNITS, Date.now())),
    );
    const count = await codeCount(db.kysely, task.id);
    if (count !== UNITS) throw new Error(`${name}: ${count} codes made, ${UNITS} asked`);
    const rate = Math.round(UNITS / (made.ms / 1000));
    const verdict = name === 'SQLite' ? ` (target < ${seconds(TARGET_MS)}: ${made.ms < TARGET_MS ? 'OK' : 'OVER'})` : '';
    console.log(`${name}: ${UNITS.toLocaleString('en')} codes in ${seconds(made.ms)}, ${rate.toLocaleString('en')} codes/s${verdict}`);

    const xlsx = byteCounter();
    const xlsxTime = await timed(() => writeCodesXlsx(db.kysely, task, xlsx));
    console.log(`${name}: xlsx export of ${UNITS.toLocaleString('en')} rows in ${seconds(xlsxTime.ms)} (${(xlsx.bytes / 1024 / 1024).toFixed(1)} MB)`);

    const csv = byteCounter();
    const csvTime = await timed(() => pipeline(codesCsv(db.kysely, task), csv));
    console.log(`${name}: csv export of ${UNITS.toLocaleString('en')} rows in ${seconds(csvTime.ms)} (${(csv.bytes / 1024 / 1024).toFixed(1)} MB)`);

    const second = await insertTask(db.kysely, product);
    const again = await timed(() =>
      db.kysely.transaction().execute((trx) => createProductionCodes(trx, second.id, 1, UNITS, Date.now())),
    );
    console.log(`${name}: a second task's ${UNITS.toLocaleString('en')} codes (${UNITS.toLocaleString('en')} already in the table) in ${seconds(again.ms)}`);
  } finally {
    await db.kysely.destroy();
  }
}

async function benchQr() {
  await renderQrPng('WARMUP000A');
  const codes = Array.from({ length: QR_RENDERS }, (_, i) => `BENCH${String(i).padStart(4, '0')}A`);
  let bytes = 0;
  const { ms } = await timed(async () => {
    for (const code of codes) bytes += (await renderQrPng(code)).length;
  });
  console.log(`QR label: ${(ms / QR_RENDERS).toFixed(2)} ms per 256x256 PNG (${QR_RENDERS} rendered, ${Math.round(bytes / QR_RENDERS)} bytes each)`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-bench-'));
try {
  await benchDialect('SQLite', `file:${path.join(dir, 'factory.db')}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const pgClient = new pg.Client({ connectionString: pgUrl });
  await pgClient.connect();
  try {
    await pgClient.query(`create schema ${schema}`);
    await benchDialect('PostgreSQL', pgUrl, { searchPath: schema });
  } finally {
    await pgClient.query(`drop schema if exists ${schema} cascade`);
    await pgClient.end();
  }
} else {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to time it too)');
}

await benchQr();
