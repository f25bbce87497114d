import { describe, expect, it } from 'vitest';
import {
  AQL_VALUES,
  CODE_LETTERS,
  DEFAULT_AQL,
  DEFAULT_INSPECTION_LEVEL,
  INSPECTION_LEVELS,
  SAMPLE_SIZES,
  codeLetterOf,
  isAql,
  samplingPlan,
  table2ACell,
} from './sampling-plan.js';
import type { CodeLetter, InspectionLevel, SamplingPlan, Table2ACell } from './sampling-plan.js';

/*
 * Golden values of GB/T 2828.1-2012 (= ISO 2859-1:1999) Table 1 and Table 2-A, typed from the
 * printed tables in a notation of their own (not copied from sampling-plan.ts), so that a slip
 * in either shows here.
 */

describe('constants', () => {
  it('lists the levels, AQL columns, code letters and sample sizes of the standard', () => {
    expect(INSPECTION_LEVELS).toEqual(['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III']);
    expect(DEFAULT_INSPECTION_LEVEL).toBe('II');
    expect(AQL_VALUES).toEqual([
      0.01, 0.015, 0.025, 0.04, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5, 10, 15, 25, 40, 65, 100, 150,
      250, 400, 650, 1000,
    ]);
    expect(DEFAULT_AQL).toBe(1);
    expect(CODE_LETTERS.join('')).toBe('ABCDEFGHJKLMNPQR');
    expect(CODE_LETTERS.map((letter) => SAMPLE_SIZES[letter])).toEqual([
      2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000,
    ]);
  });

  it('isAql accepts only the columns of Table 2-A', () => {
    for (const aql of [0.01, 0.010, 0.065, 1, 1.0, 2.5, 6.5, 10, 1000]) expect(isAql(aql)).toBe(true);
    for (const aql of [0, 0.02, 0.6, 1.2, 3, 5, 2000, -1, Number.NaN]) expect(isAql(aql)).toBe(false);
  });
});

describe('Table 1: sample size code letters', () => {
  // lot size range, letters for S-1 S-2 S-3 S-4 I II III
  const rows: [from: number, to: number, letters: string][] = [
    [2, 8, 'A A A A A A B'],
    [9, 15, 'A A A A A B C'],
    [16, 25, 'A A B B B C D'],
    [26, 50, 'A B B C C D E'],
    [51, 90, 'B B C C C E F'],
    [91, 150, 'B B C D D F G'],
    [151, 280, 'B C D E E G H'],
    [281, 500, 'B C D E F H J'],
    [501, 1200, 'C C E F G J K'],
    [1201, 3200, 'C D E G H K L'],
    [3201, 10000, 'C D F G J L M'],
    [10001, 35000, 'C D F H K M N'],
    [35001, 150000, 'D E G J L N P'],
    [150001, 500000, 'D E G J M P Q'],
    [500001, 1_000_000_000, 'D E H K N Q R'],
  ];

  it.each(rows)('lots %i to %i take %s', (from, to, letters) => {
    const expected = letters.split(' ');
    for (const lot of [from, to, Math.floor((from + to) / 2)]) {
      expect(INSPECTION_LEVELS.map((level) => codeLetterOf(lot, level))).toEqual(expected);
    }
  });

  it('puts a lot of one unit in the first row', () => {
    expect(INSPECTION_LEVELS.map((level) => codeLetterOf(1, level)).join(' ')).toBe('A A A A A A B');
  });

  it('changes letter exactly at the range boundaries', () => {
    expect(codeLetterOf(8, 'II')).toBe('A');
    expect(codeLetterOf(9, 'II')).toBe('B');
    expect(codeLetterOf(500, 'II')).toBe('H');
    expect(codeLetterOf(501, 'II')).toBe('J');
    expect(codeLetterOf(500000, 'II')).toBe('P');
    expect(codeLetterOf(500001, 'II')).toBe('Q');
    expect(codeLetterOf(500000, 'III')).toBe('Q');
    expect(codeLetterOf(500001, 'III')).toBe('R');
    expect(codeLetterOf(280, 'S-3')).toBe('D');
    expect(codeLetterOf(281, 'S-3')).toBe('D');
    expect(codeLetterOf(500000, 'S-3')).toBe('G');
    expect(codeLetterOf(500001, 'S-3')).toBe('H');
  });
});

/*
 * Table 2-A column by column, code letters A…R from top to bottom: "v" is ↓, "^" is ↑, "a/r" is
 * the plan Ac a, Re r.
 */
const COLUMNS: [aql: number, cells: string][] = [
  [0.010, 'v v v v v v v v v v v v v v 0/1 ^'],
  [0.015, 'v v v v v v v v v v v v v 0/1 ^ ^'],
  [0.025, 'v v v v v v v v v v v v 0/1 ^ v 1/2'],
  [0.040, 'v v v v v v v v v v v 0/1 ^ v 1/2 2/3'],
  [0.065, 'v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4'],
  [0.10, 'v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6'],
  [0.15, 'v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8'],
  [0.25, 'v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11'],
  [0.40, 'v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15'],
  [0.65, 'v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22'],
  [1.0, 'v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^'],
  [1.5, 'v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^'],
  [2.5, 'v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^'],
  [4.0, 'v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^'],
  [6.5, '0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^'],
  [10, 'v v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^'],
  [15, 'v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^'],
  [25, '1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^'],
  [40, '2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [65, '3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [100, '5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [150, '7/8 10/11 14/15 21/22 30/31 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [250, '10/11 14/15 21/22 30/31 44/45 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [400, '14/15 21/22 30/31 44/45 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [650, '21/22 30/31 44/45 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
  [1000, '30/31 44/45 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^'],
];

function parseCell(text: string): Table2ACell {
  if (text === 'v') return '↓';
  if (text === '^') return '↑';
  const [ac, re] = text.split('/').map(Number);
  return [ac!, re!];
}

const cell = (letter: CodeLetter, aql: number): Table2ACell => table2ACell(letter, aql);

describe('Table 2-A: the cells as printed', () => {
  it('has a golden column for every AQL', () => {
    expect(COLUMNS.map(([aql]) => aql)).toEqual(AQL_VALUES);
  });

  it.each(COLUMNS)('column %s', (aql, column) => {
    const expected = column.split(' ').map(parseCell);
    expect(expected).toHaveLength(16);
    expect(CODE_LETTERS.map((letter) => cell(letter, aql))).toEqual(expected);
  });

  it('has the anchors every copy of the table agrees on', () => {
    expect(cell('L', 1.0)).toEqual([5, 6]);
    expect(cell('K', 1.0)).toEqual([3, 4]);
    expect(cell('J', 2.5)).toEqual([5, 6]);
    expect(cell('H', 2.5)).toEqual([3, 4]);
    expect(cell('A', 6.5)).toEqual([0, 1]);
    expect(cell('E', 1.0)).toEqual([0, 1]);
  });
});

describe('Table 2-A: structure', () => {
  const numeric = (c: Table2ACell): c is readonly [number, number] => typeof c !== 'string';

  it('has Re = Ac + 1 in every plan (single sampling)', () => {
    for (const letter of CODE_LETTERS) {
      for (const aql of AQL_VALUES) {
        const c = cell(letter, aql);
        if (numeric(c)) expect(c[1], `${letter} ${aql}`).toBe(c[0] + 1);
      }
    }
  });

  it('never has ↓ in the last row or ↑ in the first', () => {
    for (const aql of AQL_VALUES) {
      expect(cell('R', aql)).not.toBe('↓');
      expect(cell('A', aql)).not.toBe('↑');
    }
  });

  it('has, down each column, ↓ cells, the plans (with ↑ ↓ between the first two), then ↑ cells', () => {
    for (const aql of AQL_VALUES) {
      const kinds = CODE_LETTERS.map((letter) => {
        const c = cell(letter, aql);
        return numeric(c) ? 'plan' : c;
      }).join(' ');
      expect(kinds, `column ${aql}`).toMatch(/^(↓ )*plan( ↑ ↓ plan)?( plan)*( ↑)*$/);
      // so no two arrows point at each other, and following one never leaves the table
      expect(kinds).not.toContain('↓ ↑');
    }
  });

  it('has Ac non-decreasing down each column and along each row', () => {
    for (const aql of AQL_VALUES) {
      const acs = CODE_LETTERS.map((letter) => cell(letter, aql)).filter(numeric).map(([ac]) => ac);
      expect(acs, `column ${aql}`).toEqual([...acs].sort((a, b) => a - b));
    }
    for (const letter of CODE_LETTERS) {
      const acs = AQL_VALUES.map((aql) => cell(letter, aql)).filter(numeric).map(([ac]) => ac);
      expect(acs, `row ${letter}`).toEqual([...acs].sort((a, b) => a - b));
    }
  });

  it('repeats a row one AQL column further left one code letter down', () => {
    for (let row = 0; row + 1 < CODE_LETTERS.length; row++) {
      for (let col = 0; col + 1 < AQL_VALUES.length; col++) {
        const here = cell(CODE_LETTERS[row + 1]!, AQL_VALUES[col]!);
        const upRight = cell(CODE_LETTERS[row]!, AQL_VALUES[col + 1]!);
        if (numeric(here) && numeric(upRight)) expect(here).toEqual(upRight);
      }
    }
  });

  it('resolves every letter and AQL to the plan its arrow points at', () => {
    // a lot size and level per code letter, so that samplingPlan starts from each letter
    const start: Record<CodeLetter, [number, InspectionLevel]> = {
      A: [2, 'II'], B: [9, 'II'], C: [16, 'II'], D: [26, 'II'], E: [51, 'II'], F: [91, 'II'], G: [151, 'II'],
      H: [281, 'II'], J: [501, 'II'], K: [1201, 'II'], L: [3201, 'II'], M: [10001, 'II'], N: [35001, 'II'],
      P: [150001, 'II'], Q: [500001, 'II'], R: [500001, 'III'],
    };
    for (const letter of CODE_LETTERS) {
      for (const aql of AQL_VALUES) {
        let row = CODE_LETTERS.indexOf(letter);
        const first = cell(letter, aql);
        while (!numeric(cell(CODE_LETTERS[row]!, aql))) row += first === '↓' ? 1 : -1;
        const target = CODE_LETTERS[row]!;
        const [ac, re] = cell(target, aql) as readonly [number, number];
        const [lot, level] = start[letter];
        const plan = samplingPlan(lot, level, aql);
        expect(plan.codeLetter).toBe(letter);
        expect([plan.planLetter, plan.acceptNumber, plan.rejectNumber], `${letter} ${aql}`).toEqual([target, ac, re]);
      }
    }
  });
});

describe('samplingPlan', () => {
  type Case = [
    lot: number,
    level: InspectionLevel,
    aql: number,
    codeLetter: CodeLetter,
    planLetter: CodeLetter,
    sampleSize: number,
    ac: number,
    re: number,
    everyUnit: boolean,
  ];
  const cases: Case[] = [
    // level II at AQL 1.0, one lot per Table 1 row (and both ends of the first ones)
    [1, 'II', 1.0, 'A', 'E', 1, 0, 1, true],
    [8, 'II', 1.0, 'A', 'E', 8, 0, 1, true],
    [9, 'II', 1.0, 'B', 'E', 9, 0, 1, true],
    [13, 'II', 1.0, 'B', 'E', 13, 0, 1, true],
    [14, 'II', 1.0, 'B', 'E', 13, 0, 1, false],
    [15, 'II', 1.0, 'B', 'E', 13, 0, 1, false],
    [25, 'II', 1.0, 'C', 'E', 13, 0, 1, false],
    [50, 'II', 1.0, 'D', 'E', 13, 0, 1, false],
    [90, 'II', 1.0, 'E', 'E', 13, 0, 1, false],
    [150, 'II', 1.0, 'F', 'E', 13, 0, 1, false],
    [151, 'II', 1.0, 'G', 'H', 50, 1, 2, false],
    [280, 'II', 1.0, 'G', 'H', 50, 1, 2, false],
    [500, 'II', 1.0, 'H', 'H', 50, 1, 2, false],
    [1200, 'II', 1.0, 'J', 'J', 80, 2, 3, false],
    [3200, 'II', 1.0, 'K', 'K', 125, 3, 4, false],
    [10000, 'II', 1.0, 'L', 'L', 200, 5, 6, false],
    [35000, 'II', 1.0, 'M', 'M', 315, 7, 8, false],
    [150000, 'II', 1.0, 'N', 'N', 500, 10, 11, false],
    [500000, 'II', 1.0, 'P', 'P', 800, 14, 15, false],
    [500001, 'II', 1.0, 'Q', 'Q', 1250, 21, 22, false],
    [5_000_000, 'II', 1.0, 'Q', 'Q', 1250, 21, 22, false],
    // the anchors
    [1000, 'II', 2.5, 'J', 'J', 80, 5, 6, false],
    [400, 'II', 2.5, 'H', 'H', 50, 3, 4, false],
    [5, 'II', 6.5, 'A', 'A', 2, 0, 1, false],
    // special levels
    [1000, 'S-1', 2.5, 'C', 'C', 5, 0, 1, false],
    [600000, 'S-1', 0.65, 'D', 'F', 20, 0, 1, false],
    [30, 'S-2', 4.0, 'B', 'B', 3, 0, 1, false],
    [10000, 'S-2', 4.0, 'D', 'E', 13, 1, 2, false],
    [20, 'S-3', 6.5, 'B', 'A', 2, 0, 1, false],
    [200, 'S-3', 6.5, 'D', 'D', 8, 1, 2, false],
    [2000, 'S-4', 1.0, 'G', 'H', 50, 1, 2, false],
    [5000, 'S-4', 1.0, 'G', 'H', 50, 1, 2, false],
    // levels I and III
    [60, 'I', 10, 'C', 'C', 5, 1, 2, false],
    [1000, 'I', 2.5, 'G', 'G', 32, 2, 3, false],
    [8, 'III', 1.0, 'B', 'E', 8, 0, 1, true],
    [1000, 'III', 0.65, 'K', 'K', 125, 2, 3, false],
    [600000, 'III', 1.0, 'R', 'Q', 1250, 21, 22, false],
    [600000, 'III', 0.025, 'R', 'R', 2000, 1, 2, false],
    // the bottom-left corner: R at 0.010 and 0.015 points up
    [600000, 'III', 0.01, 'R', 'Q', 1250, 0, 1, false],
    [600000, 'III', 0.015, 'R', 'P', 800, 0, 1, false],
    [600000, 'II', 0.015, 'Q', 'P', 800, 0, 1, false],
    // the top-left ↓ block leads past small lots: every unit is inspected
    [1, 'II', 0.01, 'A', 'Q', 1, 0, 1, true],
    [5, 'II', 0.01, 'A', 'Q', 5, 0, 1, true],
    [1200, 'II', 0.01, 'J', 'Q', 1200, 0, 1, true],
    [1250, 'III', 0.01, 'L', 'Q', 1250, 0, 1, true],
    [3201, 'II', 0.01, 'L', 'Q', 1250, 0, 1, false],
    [100, 'II', 0.065, 'F', 'L', 100, 0, 1, true],
    [200, 'II', 0.065, 'G', 'L', 200, 0, 1, true],
    [300, 'II', 0.065, 'H', 'L', 200, 0, 1, false],
    [3, 'II', 10, 'A', 'C', 3, 1, 2, true],
    [5, 'II', 15, 'A', 'B', 3, 1, 2, false],
    [12, 'II', 6.5, 'B', 'A', 2, 0, 1, false],
    // the top-right block: 30 31 and 44 45 only in rows A–E, ↑ below them
    [8, 'II', 1000, 'A', 'A', 2, 30, 31, false],
    [12, 'II', 1000, 'B', 'B', 3, 44, 45, false],
    [20, 'II', 1000, 'C', 'B', 3, 44, 45, false],
    [60, 'II', 250, 'E', 'E', 13, 44, 45, false],
    [60, 'II', 400, 'E', 'D', 8, 44, 45, false],
    [100, 'II', 150, 'F', 'E', 13, 30, 31, false],
    [100, 'II', 100, 'F', 'E', 13, 21, 22, false],
    [100, 'II', 65, 'F', 'F', 20, 21, 22, false],
    [5000, 'II', 10, 'L', 'K', 125, 21, 22, false],
  ];

  it.each(cases)('lot %i, level %s, AQL %s', (lot, level, aql, codeLetter, planLetter, sampleSize, ac, re, everyUnit) => {
    const expected: SamplingPlan = {
      lotSize: lot,
      inspectionLevel: level,
      aql,
      codeLetter,
      planLetter,
      sampleSize,
      acceptNumber: ac,
      rejectNumber: re,
      everyUnit,
    };
    expect(samplingPlan(lot, level, aql)).toEqual(expected);
  });

  it('refuses a lot below one unit, or not a whole number', () => {
    for (const lot of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => samplingPlan(lot, 'II', 1.0)).toThrow(RangeError);
      expect(() => codeLetterOf(lot, 'II')).toThrow(RangeError);
    }
  });

  it('refuses an AQL that is not a column of Table 2-A', () => {
    for (const aql of [0, 0.02, 1.2, 3, 2000, Number.NaN]) {
      expect(() => samplingPlan(100, 'II', aql)).toThrow(RangeError);
    }
  });

  it('refuses an unknown inspection level', () => {
    expect(() => samplingPlan(100, 'IV' as InspectionLevel, 1.0)).toThrow(RangeError);
    expect(() => codeLetterOf(100, 'S-5' as InspectionLevel)).toThrow(RangeError);
  });
});
