import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/platform/config.js';
import type { Dialect } from '../src/platform/db.js';

export const ADMIN_PASSWORD = 'Admin12345';

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
  const base = loadConfig({ ADMIN_PASSWORD, CAPTCHA: 'off' });
  let schema: string | null = null;
  let databaseUrl = `file:${path.join(dir, 'factory.db')}`;
  if (dialect === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    schema = `t_${randomBytes(6).toString('hex')}`;
    await withPg(databaseUrl, (client) => client.query(`create schema ${schema}`));
  }
  const config: AppConfig = {
    ...base,
    databaseUrl,
    dataDir: dir,
    filesDir: path.join(dir, 'files'),
    consoleDir: null,
    ...overrides,
  };
  const app = await buildApp(config, { logger: false, ...(schema ? { searchPath: schema } : {}) });
  return {
    app,
    config,
    async close() {
      await app.close();
      if (schema) await withPg(databaseUrl, (client) => client.query(`drop schema ${schema} cascade`));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
