import { PRODUCTION_CODE, PRODUCTION_CODE_PATTERN } from '@factory/contracts';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// Making and dropping a task's production codes: the task module makes them as it
// plans a task; the production-code module lists and exports them.

/**
 * Rows per insert statement: 4 parameters a row stays under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters with room to spare.
 */
const BATCH_ROWS = 5_000;
/** A code space of 32^10 makes a clash rare enough that a second round is a formality; more means a bug. */
const MAX_ROUNDS = 5;

/** `size` random bytes (crypto's unless a test gives its own). */
export type RandomSource = (size: number) => Uint8Array;

/** `count` fresh candidate codes. */
export type CodeGenerator = (count: number) => string[];

function spell(bytes: Uint8Array, offset: number): string {
  const { alphabet, length } = PRODUCTION_CODE;
  let code = '';
  // 32 letters: one byte & 31 is uniform.
  for (let j = 0; j < length; j++) code += alphabet[bytes[offset + j]! & 31];
  return code;
}

/**
 * `count` random codes of PRODUCTION_CODE's alphabet and length. A draw with no
 * letter but E (about 1 in 43,000) is drawn again, so every code matches
 * PRODUCTION_CODE_PATTERN.
 */
export function randomCodes(count: number, random: RandomSource = randomBytes): string[] {
  const { length } = PRODUCTION_CODE;
  const bytes = random(count * length);
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    let code = spell(bytes, i * length);
    while (!PRODUCTION_CODE_PATTERN.test(code)) code = spell(random(length), 0);
    codes[i] = code;
  }
  return codes;
}

/**
 * Makes the codes of sequences `from`..`to` of a task, in batched inserts inside
 * the caller's transaction. A code that already exists anywhere (the unique index)
 * is skipped by the insert and its sequence gets a fresh code in the next round,
 * so a clash never fails the task and never costs a query per unit. `generate`
 * is a seam for the test of that retry (random codes never clash on demand).
 */
export async function createProductionCodes(
  db: Kysely<Database>,
  taskId: number,
  from: number,
  to: number,
  now: number,
  generate: CodeGenerator = randomCodes,
): Promise<void> {
  let pending: number[] = [];
  for (let sequence = from; sequence <= to; sequence++) pending.push(sequence);

  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`production codes of task ${taskId}: ${pending.length} still clash after ${MAX_ROUNDS} rounds`);
    const codes = generate(pending.length);
    let inserted = 0;
    for (let start = 0; start < pending.length; start += BATCH_ROWS) {
      const rows = pending.slice(start, start + BATCH_ROWS).map((sequence, index) => ({
        taskId,
        sequence,
        code: codes[start + index]!,
        createTime: now,
      }));
      const result = await db
        .insertInto('production_code')
        .values(rows)
        .onConflict((conflict) => conflict.column('code').doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    if (inserted === pending.length) return;
    const made = new Set(
      (
        await db
          .selectFrom('production_code')
          .select('sequence')
          .where('taskId', '=', taskId)
          .where('sequence', '>=', from)
          .where('sequence', '<=', to)
          .execute()
      ).map((row) => row.sequence),
    );
    pending = pending.filter((sequence) => !made.has(sequence));
  }
}

/** Drops the codes past the task's new total (a task's total shrank before it started). */
export async function removeCodesAbove(db: Kysely<Database>, taskId: number, count: number): Promise<void> {
  await db.deleteFrom('production_code').where('taskId', '=', taskId).where('sequence', '>', count).execute();
}

/** How many codes the task has (its highest sequence, as codes are gap-free 1..n). */
export async function codeCount(db: Kysely<Database>, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('production_code')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('taskId', '=', taskId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}
