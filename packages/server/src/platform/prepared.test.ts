import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestSchema, dropTestSchema } from '../../test/test-app.js';
import { type Db, openDb } from './db.js';
import { directPostgres, directSqlite, prepared } from './prepared.js';

// prepared() on SQLite runs a statement on the database itself while no transaction is open, and through
// Kysely's queue while one is (prepared.ts): never inside another caller's transaction, never seeing what is
// not committed.
describe('prepared statements on SQLite', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-prepared-'));
    db = openDb(`file:${path.join(dir, 'test.db')}`);
    await sql`create table session ("tokenHash" text primary key, "accountId" integer, "createTime" integer, "lastSeenAt" integer)`.execute(db.kysely);
    await sql`insert into session values ('a', 1, 0, 100)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.kysely.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const seenAt = prepared(['tokenHash'], (kysely, _dialect, { tokenHash }: { tokenHash: string }) =>
    kysely.selectFrom('session').select('lastSeenAt').where('tokenHash', '=', tokenHash),
  );
  const touch = prepared(['tokenHash', 'at'], (kysely, _dialect, p: { tokenHash: string; at: number }) =>
    kysely.updateTable('session').set({ lastSeenAt: p.at }).where('tokenHash', '=', p.tokenHash),
  );
  const add = prepared(['tokenHash'], (kysely, _dialect, { tokenHash }: { tokenHash: string }) =>
    kysely.insertInto('session').values({ tokenHash, accountId: 2, createTime: 0, lastSeenAt: 5 }),
  );

  it('answers as Kysely does: rows of a read, the affected rows and the id of a write', async () => {
    expect(directSqlite.has(db.kysely)).toBe(true);
    expect((await seenAt(db.kysely, 'sqlite', { tokenHash: 'a' })).rows).toEqual([{ lastSeenAt: 100 }]);
    const direct = await touch(db.kysely, 'sqlite', { tokenHash: 'a', at: 200 });
    const queued = await db.kysely.transaction().execute((trx) => touch(trx, 'sqlite', { tokenHash: 'a', at: 300 }));
    expect(direct).toEqual({ numAffectedRows: 1n, insertId: expect.any(BigInt), rows: [] });
    expect(queued).toEqual(direct);
    expect((await add(db.kysely, 'sqlite', { tokenHash: 'b' })).insertId).toBe(2n);
    await expect(add(db.kysely, 'sqlite', { tokenHash: 'b' })).rejects.toThrow(/UNIQUE/);
  });

  it("waits for another caller's transaction, and reads what it committed", async () => {
    let read: Promise<unknown> | undefined;
    let settled = false;
    await db.kysely.transaction().execute(async (trx) => {
      await touch(trx, 'sqlite', { tokenHash: 'a', at: 999 });
      // Another request's read while this transaction is open: it must not see 999 before the commit.
      read = seenAt(db.kysely, 'sqlite', { tokenHash: 'a' }).then((result) => {
        settled = true;
        return result.rows;
      });
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
    });
    expect(await read).toEqual([{ lastSeenAt: 999 }]);
  });

  it('runs a write of another caller outside the open transaction only after it, so a rollback keeps it', async () => {
    let write: Promise<unknown> | undefined;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await touch(trx, 'sqlite', { tokenHash: 'a', at: 1 });
        write = add(db.kysely, 'sqlite', { tokenHash: 'c' });
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await write;
    const rows = (await sql<{ tokenHash: string; lastSeenAt: number }>`select "tokenHash", "lastSeenAt" from session order by "tokenHash"`.execute(db.kysely)).rows;
    expect(rows).toEqual([
      { tokenHash: 'a', lastSeenAt: 100 },
      { tokenHash: 'c', lastSeenAt: 5 },
    ]);
  });
});

// On PostgreSQL, outside a transaction, prepared() sends a named statement to the pool itself (prepared.ts):
// its answer must be the one Kysely gives inside a transaction.
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  let schema: string;
  let db: Db;
  beforeEach(async () => {
    schema = await createTestSchema(url, 'p');
    db = openDb(url, { searchPath: schema, throwaway: true });
    await sql`create table session ("tokenHash" text primary key, "accountId" integer, "createTime" bigint, "lastSeenAt" bigint)`.execute(db.kysely);
    await sql`insert into session values ('a', 1, 0, 100)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.kysely.destroy();
    // Under the lock other files' migrations take (test-app.ts): their migrator reads every schema's columns.
    await dropTestSchema(url, schema);
  });

  const seenAt = prepared(['tokenHash'], (kysely, _dialect, { tokenHash }: { tokenHash: string }) =>
    kysely.selectFrom('session').select('lastSeenAt').where('tokenHash', '=', tokenHash),
  );
  const touch = prepared(['tokenHash', 'at'], (kysely, _dialect, p: { tokenHash: string; at: number }) =>
    kysely.updateTable('session').set({ lastSeenAt: p.at }).where('tokenHash', '=', p.tokenHash),
  );
  const add = prepared(['tokenHash'], (kysely, _dialect, { tokenHash }: { tokenHash: string }) =>
    kysely.insertInto('session').values({ tokenHash, accountId: 2, createTime: 0, lastSeenAt: 5 }).returning('tokenHash'),
  );

  it('answers as Kysely does: rows of a read, the affected rows of a write, and its errors', async () => {
    expect(directPostgres.has(db.kysely)).toBe(true);
    const viaKysely = async <T>(run: (trx: typeof db.kysely) => Promise<T>) => db.kysely.transaction().execute(run);
    expect(await seenAt(db.kysely, 'postgres', { tokenHash: 'a' })).toEqual(await viaKysely((trx) => seenAt(trx, 'postgres', { tokenHash: 'a' })));
    expect((await seenAt(db.kysely, 'postgres', { tokenHash: 'a' })).rows).toEqual([{ lastSeenAt: 100 }]);
    const direct = await touch(db.kysely, 'postgres', { tokenHash: 'a', at: 200 });
    expect(direct).toEqual({ numAffectedRows: 1n, rows: [] });
    expect(await viaKysely((trx) => touch(trx, 'postgres', { tokenHash: 'a', at: 300 }))).toEqual(direct);
    expect(await add(db.kysely, 'postgres', { tokenHash: 'b' })).toEqual({ numAffectedRows: 1n, rows: [{ tokenHash: 'b' }] });
    expect(await viaKysely((trx) => add(trx, 'postgres', { tokenHash: 'c' }))).toEqual({ numAffectedRows: 1n, rows: [{ tokenHash: 'c' }] });
    await expect(add(db.kysely, 'postgres', { tokenHash: 'b' })).rejects.toThrow(/duplicate key/);
  });
});
