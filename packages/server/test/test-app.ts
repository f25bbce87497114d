import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/platform/config.js';
import type { Dialect } from '../src/platform/db.js';
import type { Database } from '../src/platform/schema.js';
import { ADMIN_PASSWORD, loginAsAdmin } from './session-helpers.js';

export { ADMIN_PASSWORD };

/**
 * argon2id's least memory (KiB): the test app hashes its thousands of passwords in
 * microseconds. Production keeps the default (config.test.ts checks it).
 */
export const TEST_PASSWORD_HASH_COST = 8;

/**
 * The dialects every API test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (otherwise skipped with a printed notice).
 */
export function testDialects(): Dialect[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (!noticePrinted) {
    noticePrinted = true;
    console.warn('TEST_DATABASE_URL is not set: the PostgreSQL runs of the API tests are skipped');
  }
  return ['sqlite'];
}
let noticePrinted = false;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh database per call: a new SQLite file, or a new PostgreSQL schema. */
export async function buildTestApp(dialect: Dialect, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-test-'));
  // No MQTT unless a test asks (config: { mqtt: true, mqttPort: 0 }): thousands of apps would each start a broker.
  const base = loadConfig({ ADMIN_PASSWORD, CAPTCHA: 'off', PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), MQTT: 'off' });
  let schema: string | null = null;
  let databaseUrl = `file:${path.join(dir, 'factory.db')}`;
  if (dialect === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    schema = await createTestSchema(databaseUrl, 't');
  }
  const config: AppConfig = {
    ...base,
    databaseUrl,
    dataDir: dir,
    filesDir: path.join(dir, 'files'),
    consoleDir: null,
    ...overrides,
  };
  const build = () => buildApp(config, { logger: false, throwaway: true, ...(schema ? { searchPath: schema } : {}) });
  const app = schema ? await whileNoSchemaIsDropped(databaseUrl, build) : await build();
  return {
    app,
    config,
    async close() {
      await app.close();
      if (schema) await withPg(databaseUrl, (client) => dropSchema(client, schema));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server process on a test app's database (DESIGN.md §10 tests): on PostgreSQL
 * in the same schema, built under the same guard as the first, since its migrator reads
 * the catalogue while another file may be dropping its schema ("schema t_… does not exist").
 */
export function buildAppBeside(config: AppConfig, schema: string | undefined): Promise<FastifyInstance> {
  const build = () => buildApp(config, { logger: false, ...(schema ? { searchPath: schema } : {}) });
  return schema ? whileNoSchemaIsDropped(config.databaseUrl, build) : build();
}

/** What an API test reads of its app: valid inside its tests and hooks (built in beforeAll). */
export interface TestContext {
  readonly app: FastifyInstance;
  readonly config: AppConfig;
  /** the platform administrator's bearer token (signed in after the build unless `signIn: false`) */
  readonly admin: string;
  readonly db: Kysely<Database>;
}

export interface TestAppOptions {
  /** settings of this file's app (sessionIdleMinutes, …) over the test defaults */
  config?: Partial<AppConfig>;
  /** false: the administrator is not signed in (the file signs in whom it needs, when it needs) */
  signIn?: boolean;
}

/**
 * The preamble of an API test file, called first inside its `describe.each(testDialects())`:
 * a fresh app on `dialect` built before the suite's tests (and before the suite's own
 * beforeAll), the administrator signed in, and the app closed after them.
 */
export function withTestApp(dialect: Dialect, options: TestAppOptions = {}): TestContext {
  let built: TestApp | undefined;
  let adminToken: string | undefined;
  const ready = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll: read it inside tests and hooks');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(dialect, options.config);
    if (options.signIn !== false) adminToken = (await loginAsAdmin(built.app)).token;
  });
  afterAll(() => built?.close());
  return {
    get app() {
      return ready().app;
    },
    get config() {
      return ready().config;
    },
    get admin() {
      if (adminToken === undefined) throw new Error('the administrator is not signed in (signIn: false)');
      return adminToken;
    },
    get db() {
      return ready().app.db.kysely;
    },
  };
}

/**
 * A console build of three files (index.html, station.html, one asset) in a temporary
 * directory made now, for `config: { consoleDir }`; removed after the suite.
 */
export function fakeConsoleDir(): string {
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(consoleDir, 'station.html'), '<!doctype html><title>station</title>');
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1234.js'), 'console.log(1)');
  // a built chunk with the variants the build writes beside it (packages/web/precompress.ts)
  const chunk = `export const words = ${JSON.stringify('工厂生产检测管理平台 '.repeat(200))};\n`;
  fs.writeFileSync(path.join(consoleDir, 'assets', 'chunk-5678.js'), chunk);
  fs.writeFileSync(path.join(consoleDir, 'assets', 'chunk-5678.js.br'), zlib.brotliCompressSync(chunk));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'chunk-5678.js.gz'), zlib.gzipSync(chunk));
  afterAll(() => fs.rmSync(consoleDir, { recursive: true, force: true }));
  return consoleDir;
}

/**
 * Test files on PostgreSQL run side by side, each in its own schema. Kysely's migrator
 * reads the catalogue of every schema (pg_get_serial_sequence on each table), which fails
 * with "schema … does not exist" when another file drops its schema at that moment. So
 * building an app holds a shared advisory lock and dropping a schema the exclusive one:
 * builds run together, never while a schema goes.
 */
const SCHEMA_DROP_LOCK = 7_140_014;

/**
 * Kysely's migrator reads the columns of every schema of the database (its introspector), which fails when
 * another file drops a schema meanwhile ("column … does not exist"): every migration runs under the shared
 * lock, every drop of a test schema under the exclusive one (dropTestSchema).
 */
export async function whileNoSchemaIsDropped<T>(url: string, work: () => Promise<T>): Promise<T> {
  return withPg(url, async (client) => {
    await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
    return work();
  });
}

async function dropSchema(client: pg.Client, schema: string): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
  await client.query(`drop schema ${schema} cascade`);
}

/** A fresh PostgreSQL schema of its own for a test, named `<prefix>_<random>`; dropped with dropTestSchema. */
export async function createTestSchema(url: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withPg(url, (client) => client.query(`create schema ${schema}`));
  return schema;
}

/** Drops a test's own PostgreSQL schema, waiting for no migration to be reading the catalogue (whileNoSchemaIsDropped). */
export function dropTestSchema(url: string, schema: string): Promise<void> {
  return withPg(url, (client) => dropSchema(client, schema));
}

async function withPg<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
