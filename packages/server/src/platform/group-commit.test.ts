import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from './db.js';
import { groupCommitter } from './group-commit.js';
import { directSqlite, prepared } from './prepared.js';
import type { Database } from './schema.js';

describe('group commit on SQLite', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-group-commit-'));
    db = openDb(`file:${path.join(dir, 'test.db')}`);
    await sql`create table parent (id integer primary key)`.execute(db.kysely);
    // Checked at COMMIT: a piece can make the whole transaction fail there.
    await sql`create table piece (n integer primary key, parent integer references parent(id) deferrable initially deferred)`.execute(
      db.kysely,
    );
    await sql`insert into parent (id) values (1)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.kysely.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (n: number, parent = 1) => (trx: Kysely<Database>) => sql`insert into piece (n, parent) values (${n}, ${parent})`.execute(trx);
  // A prepared statement: inside a batch it runs on the connection directly (group-commit.ts), not through Kysely.
  const insertPrepared = prepared(['n', 'parent'], (kysely, _dialect, p: { n: number; parent: number }) =>
    kysely.insertInto('piece' as never).values({ n: p.n, parent: p.parent } as never),
  );
  const stored = async () => (await sql<{ n: number }>`select n from piece order by n`.execute(db.kysely)).rows.map((row) => row.n);

  it('rolls back only the piece that threw; the others commit', async () => {
    const inTransaction = groupCommitter(db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        inTransaction(async (trx) => {
          await insert(n)(trx);
          if (n === 7) throw new Error('refused');
          return n;
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(['refused']);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(19);
    expect(await stored()).toEqual(Array.from({ length: 20 }, (_, n) => n).filter((n) => n !== 7));
  });

  it('answers no piece before its COMMIT: a COMMIT that fails fails every piece sent with it, and stores none', async () => {
    const inTransaction = groupCommitter(db);
    // Piece 3 names a parent that does not exist: the deferred check refuses the COMMIT they share.
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, n) => inTransaction(insert(n, n === 3 ? 99 : 1))));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(await stored()).toEqual([]);
    // Afterwards it works again, and a piece sent alone commits alone.
    await expect(inTransaction(insert(10))).resolves.toBeDefined();
    expect(await stored()).toEqual([10]);
  });

  it('runs the pieces\' prepared statements directly inside the shared transaction: a thrown piece keeps none, a failed COMMIT none at all', async () => {
    const inTransaction = groupCommitter(db);
    let direct = false;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) =>
        inTransaction(async (trx) => {
          direct ||= directSqlite.has(trx);
          await insertPrepared(trx, 'sqlite', { n, parent: 1 });
          if (n === 2) throw new Error('refused');
          return n;
        }),
      ),
    );
    expect(direct).toBe(true);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await stored()).toEqual([0, 1, 3, 4, 5]);
    const failed = await Promise.allSettled([20, 21, 22].map((n) => inTransaction((trx) => insertPrepared(trx, 'sqlite', { n, parent: n === 21 ? 99 : 1 }))));
    expect(failed.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await stored()).toEqual([0, 1, 3, 4, 5]);
  });
});
