import { sql } from 'kysely';
import type { Db } from '../../platform/db.js';

/** The first key of the stock's advisory locks (the second is the account). */
const STOCK_LOCK = 15;

/**
 * Serialises an account's stock writes for the transaction. A scan is a person
 * pulling a trigger (a few a second across a factory), so one account's scans
 * waiting on each other costs nothing, and every rule (one open batch per
 * product and line, a unit stocked once, the batch's counters and verdict) is
 * then a plain read-then-write. SQLite runs one write transaction at a time
 * already; PostgreSQL takes a transaction-level advisory lock. The unique
 * indexes stay as the backstop either way.
 */
export async function lockAccountStock(tx: Db, ownerId: number): Promise<void> {
  if (tx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${STOCK_LOCK}, ${ownerId})`.execute(tx.kysely);
}
