import { PRODUCTION_CODE, PRODUCTION_CODE_PATTERN } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { insertTask } from '../../../test/factories/index.js';
import { dbOf } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { codeCount, createProductionCodes, randomCodes, removeCodesAbove } from '../../platform/production-codes.js';

/** Bytes whose low five bits spell `text` in PRODUCTION_CODE's alphabet. */
const bytesOf = (text: string) => Uint8Array.from([...text].map((char) => PRODUCTION_CODE.alphabet.indexOf(char)));

describe('production code rules', () => {
  it('accepts ten characters of the alphabet holding a letter other than E', () => {
    for (const code of ['A000000000', '123456789X', 'ZZZZZZZZZZ', '0E0E0E0E0K', PRODUCTION_CODE.alphabet.slice(8, 18)]) {
      expect(PRODUCTION_CODE_PATTERN.test(code), code).toBe(true);
    }
  });

  it('refuses what a spreadsheet or an object key would read as a number, and anything off the alphabet', () => {
    for (const code of ['0123456789', '1234567E12', 'EEEEEEEEEE', 'a000000000', 'I000000000', 'L000000000', 'O000000000', 'U000000000', 'A00000000', 'A0000000000']) {
      expect(PRODUCTION_CODE_PATTERN.test(code), code).toBe(false);
    }
  });

  it('draws codes that all match the pattern', () => {
    const codes = randomCodes(20_000);
    expect(codes).toHaveLength(20_000);
    expect(codes.filter((code) => !PRODUCTION_CODE_PATTERN.test(code))).toEqual([]);
  });

  it('draws a code again while it has no letter but E', () => {
    const draws = [bytesOf('0123456789K0000000E1'), bytesOf('1234567E12'), bytesOf('EEEEEEEEEE'), bytesOf('12345678AB')];
    const sizes: number[] = [];
    const random = (size: number) => {
      sizes.push(size);
      return draws.shift()!;
    };
    expect(randomCodes(2, random)).toEqual(['12345678AB', 'K0000000E1']);
    // one draw for both codes, then one code-sized draw per redraw of the first
    expect(sizes).toEqual([20, 10, 10, 10]);
  });
});

describe.each(testDialects())('production codes on %s', (dialect) => {
  const t = withTestApp(dialect, { signIn: false });

  const db = () => dbOf(t.app);
  const codesOf = async (taskId: number) =>
    db().selectFrom('production_code').select(['sequence', 'code']).where('taskId', '=', taskId).orderBy('sequence').execute();
  /** A task with no codes yet (insertTask makes them; these tests make their own). */
  async function bareTask(): Promise<number> {
    const taskId = await insertTask(db(), { productionCount: 1 });
    await removeCodesAbove(db(), taskId, 0);
    return taskId;
  }
  const make = (taskId: number, from: number, to: number, generate?: (count: number) => string[]) =>
    db()
      .transaction()
      .execute((trx) => createProductionCodes(trx, taskId, from, to, Date.now(), generate));

  it('makes one unique code per unit, sequences 1..N without gaps, across several insert batches', async () => {
    const taskId = await bareTask();
    await make(taskId, 1, 12_000);
    const rows = await codesOf(taskId);
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 12_000 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.code)).size).toBe(12_000);
    expect(rows.filter((row) => !PRODUCTION_CODE_PATTERN.test(row.code))).toEqual([]);
    expect(await codeCount(db(), taskId)).toBe(12_000);
  });

  it('never gives two tasks the same code: the database refuses a duplicate outright', async () => {
    const first = await insertTask(db(), { productionCount: 50 });
    const second = await insertTask(db(), { productionCount: 50 });
    const firstCodes = new Set((await codesOf(first)).map((row) => row.code));
    expect((await codesOf(second)).filter((row) => firstCodes.has(row.code))).toEqual([]);

    const [taken] = firstCodes;
    await expect(
      db().insertInto('production_code').values({ taskId: second, sequence: 51, code: taken!, createTime: Date.now() }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('gives a unit whose code already exists a fresh one in a second round', async () => {
    const other = await insertTask(db(), { productionCount: 2 });
    const [taken] = await codesOf(other);
    const fresh = randomCodes(3);
    const asked: number[] = [];
    const generate = (count: number) => {
      asked.push(count);
      return asked.length === 1 ? [fresh[0]!, taken!.code, fresh[1]!] : [fresh[2]!];
    };

    const taskId = await bareTask();
    await make(taskId, 1, 3, generate);
    expect(asked).toEqual([3, 1]);
    expect(await codesOf(taskId)).toEqual([
      { sequence: 1, code: fresh[0] },
      { sequence: 2, code: fresh[2] },
      { sequence: 3, code: fresh[1] },
    ]);
    expect((await codesOf(other))[0]).toEqual(taken);
  });

  it('handles the same code drawn twice in one batch', async () => {
    const [twice, other, fresh] = randomCodes(3);
    const rounds = [[twice!, other!, twice!], [fresh!]];
    const taskId = await bareTask();
    await make(taskId, 1, 3, () => rounds.shift()!);
    expect(await codesOf(taskId)).toEqual([
      { sequence: 1, code: twice },
      { sequence: 2, code: other },
      { sequence: 3, code: fresh },
    ]);
  });

  it('gives up with an error when codes keep clashing, leaving nothing behind', async () => {
    const other = await insertTask(db(), { productionCount: 1 });
    const [taken] = await codesOf(other);
    const taskId = await bareTask();
    const [fresh] = randomCodes(1);
    let calls = 0;
    await expect(
      make(taskId, 1, 2, (count) => {
        calls += 1;
        return calls === 1 ? [fresh!, taken!.code] : Array.from({ length: count }, () => taken!.code);
      }),
    ).rejects.toThrow(/still clash/);
    expect(calls).toBe(5);
    expect(await codesOf(taskId)).toEqual([]);
  });

  it('adds the codes of a grown total after the existing ones and drops those past a shrunk total', async () => {
    const taskId = await insertTask(db(), { productionCount: 3 });
    const before = await codesOf(taskId);
    await make(taskId, 4, 6);
    const grown = await codesOf(taskId);
    expect(grown.slice(0, 3)).toEqual(before);
    expect(grown.map((row) => row.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await codeCount(db(), taskId)).toBe(6);

    await removeCodesAbove(db(), taskId, 2);
    expect(await codesOf(taskId)).toEqual(before.slice(0, 2));
    expect(await codeCount(db(), taskId)).toBe(2);
  });

  it('counts no codes for a task without any', async () => {
    expect(await codeCount(db(), await bareTask())).toBe(0);
  });
});
