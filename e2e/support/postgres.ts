import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of the tests (`.ci/run` sets it), or undefined where there is none. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the tests' PostgreSQL server, as a factory's first start
 * would find it: the server processes migrate and seed it themselves.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `factory_e2e_${randomBytes(5).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a killed process's connections may linger until PostgreSQL notices they are gone.
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}
