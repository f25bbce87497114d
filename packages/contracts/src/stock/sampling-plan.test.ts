import { describe, expect, it } from 'vitest';
import {
  AQL_VALUES,
  CODE_LETTERS,
  DEFAULT_AQL,
  DEFAULT_INSPECTION_LEVEL,
  INSPECTION_LEVELS,
  INSPECTION_SEVERITIES,
  INSPECTION_SEVERITY_NAMES,
  PLAN_LETTERS,
  PLAN_SAMPLE_SIZES,
  SAMPLE_SIZES,
  codeLetterOf,
  isAql,
  nextSeverity,
  samplingPlan,
  samplingPlanOf,
  table2ACell,
  table2BCell,
} from './sampling-plan.js';
import type {
  CodeLetter,
  InspectionLevel,
  InspectionSeverity,
  PlanLetter,
  SamplingPlan,
  Table2ACell,
  Table2BCell,
} from './sampling-plan.js';

/*
 * Golden values of GB/T 2828.1-2012 (= ISO 2859-1:1999) Table 1, Table 2-A and Table 2-B, typed
 * from the printed tables in a notation of their own (not copied from sampling-plan.ts), so that
 * a slip in either shows here.
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

/*
 * Table 2-B (tightened) column by column, code letters A…R and then row S (n = 3150) from top
 * to bottom, in the notation of Table 2-A above; "-" is a cell of row S with no plan.
 */
const COLUMNS_2B: [aql: number, cells: string][] = [
  [0.010, 'v v v v v v v v v v v v v v v 0/1 -'],
  [0.015, 'v v v v v v v v v v v v v v 0/1 ^ -'],
  [0.025, 'v v v v v v v v v v v v v 0/1 v v 1/2'],
  [0.040, 'v v v v v v v v v v v v 0/1 v v 1/2 -'],
  [0.065, 'v v v v v v v v v v v 0/1 v v 1/2 2/3 -'],
  [0.10, 'v v v v v v v v v v 0/1 v v 1/2 2/3 3/4 -'],
  [0.15, 'v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 -'],
  [0.25, 'v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 -'],
  [0.40, 'v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 -'],
  [0.65, 'v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 -'],
  [1.0, 'v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ -'],
  [1.5, 'v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ -'],
  [2.5, 'v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ -'],
  [4.0, 'v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ -'],
  [6.5, 'v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ -'],
  [10, 'v v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ -'],
  [15, 'v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ -'],
  [25, 'v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [40, '1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [65, '2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [100, '3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [150, '5/6 8/9 12/13 18/19 27/28 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [250, '8/9 12/13 18/19 27/28 41/42 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [400, '12/13 18/19 27/28 41/42 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [650, '18/19 27/28 41/42 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
  [1000, '27/28 41/42 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ -'],
];

const parseCell2B = (text: string): Table2BCell => (text === '-' ? null : parseCell(text));
const cellB = (letter: PlanLetter, aql: number): Table2BCell => table2BCell(letter, aql);
const isPlan = (c: Table2BCell): c is readonly [number, number] => c !== null && typeof c !== 'string';
const isZeroOne = (c: Table2BCell): boolean => isPlan(c) && c[0] === 0;
/** The row of the 0 1 plan in a column of Table 2-B (-1 if none). */
const zeroOneRowB = (aql: number): number => PLAN_LETTERS.findIndex((letter) => isZeroOne(cellB(letter, aql)));

/** A lot size and level per code letter, so that a look-up starts from each letter. */
const START: Record<CodeLetter, [number, InspectionLevel]> = {
  A: [2, 'II'], B: [9, 'II'], C: [16, 'II'], D: [26, 'II'], E: [51, 'II'], F: [91, 'II'], G: [151, 'II'],
  H: [281, 'II'], J: [501, 'II'], K: [1201, 'II'], L: [3201, 'II'], M: [10001, 'II'], N: [35001, 'II'],
  P: [150001, 'II'], Q: [500001, 'II'], R: [500001, 'III'],
};

describe('inspection severities and plan letters', () => {
  it('lists the severities, and the rows of Table 2-B with row S', () => {
    expect(INSPECTION_SEVERITIES).toEqual(['NORMAL', 'TIGHTENED']);
    expect(INSPECTION_SEVERITY_NAMES).toEqual({ NORMAL: '正常检验', TIGHTENED: '加严检验' });
    expect(PLAN_LETTERS.join('')).toBe('ABCDEFGHJKLMNPQRS');
    expect(PLAN_LETTERS.map((letter) => PLAN_SAMPLE_SIZES[letter])).toEqual([
      2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000, 3150,
    ]);
    for (const letter of CODE_LETTERS) expect(PLAN_SAMPLE_SIZES[letter]).toBe(SAMPLE_SIZES[letter]);
  });

  it('never gives S from Table 1', () => {
    for (const lot of [1, 8, 150001, 500000, 500001, 1_000_000_000]) {
      for (const level of INSPECTION_LEVELS) expect(codeLetterOf(lot, level)).not.toBe('S');
    }
  });
});

describe('Table 2-B: the cells as printed', () => {
  it('has a golden column for every AQL', () => {
    expect(COLUMNS_2B.map(([aql]) => aql)).toEqual(AQL_VALUES);
  });

  it.each(COLUMNS_2B)('column %s', (aql, column) => {
    const expected = column.split(' ').map(parseCell2B);
    expect(expected).toHaveLength(17);
    expect(PLAN_LETTERS.map((letter) => cellB(letter, aql))).toEqual(expected);
  });

  it('has the anchors of the printed table', () => {
    expect(cellB('J', 2.5)).toEqual([3, 4]); // normal 5 6
    expect(cellB('K', 1.0)).toEqual([2, 3]); // normal 3 4
    expect(cellB('L', 1.0)).toEqual([3, 4]); // normal 5 6
    expect(cellB('R', 0.010)).toEqual([0, 1]);
    expect(cellB('S', 0.025)).toEqual([1, 2]);
    expect(cellB('R', 0.015)).toBe('↑');
    expect(cellB('A', 10)).toBe('↓');
    expect(cellB('B', 6.5)).toEqual([0, 1]);
    expect(cellB('A', 1000)).toEqual([27, 28]);
    expect(cellB('E', 250)).toEqual([41, 42]);
  });

  it('refuses an AQL that is not a column, or an unknown letter', () => {
    expect(() => table2BCell('A', 0.02)).toThrow(RangeError);
    expect(() => table2BCell('T' as PlanLetter, 1.0)).toThrow(RangeError);
    expect(() => table2BCell('I' as PlanLetter, 1.0)).toThrow(RangeError);
  });
});

describe('Table 2-B: structure', () => {
  it('has Re = Ac + 1 in every plan (single sampling)', () => {
    for (const letter of PLAN_LETTERS) {
      for (const aql of AQL_VALUES) {
        const c = cellB(letter, aql);
        if (isPlan(c)) expect(c[1], `${letter} ${aql}`).toBe(c[0] + 1);
      }
    }
  });

  it('has in row S only the plan 1 2 under 0.025, and a cell everywhere in rows A–R', () => {
    const rowS = AQL_VALUES.filter((aql) => cellB('S', aql) !== null);
    expect(rowS).toEqual([0.025]);
    for (const letter of CODE_LETTERS) for (const aql of AQL_VALUES) expect(cellB(letter, aql)).not.toBeNull();
  });

  it('has, down each column, ↓ cells, the plans (with ↓ ↓ between 0 1 and 1 2), then ↑ cells', () => {
    for (const aql of AQL_VALUES) {
      const kinds = PLAN_LETTERS.map((letter) => {
        const c = cellB(letter, aql);
        return isPlan(c) ? 'plan' : (c ?? '-');
      }).join(' ');
      expect(kinds, `column ${aql}`).toMatch(/^(↓ )*plan( ↓ ↓ plan)?( plan)*( ↑)*( -)?$/);
      // no arrows pointing at each other, and (unlike Table 2-A) no ↑ ↓ pair at all
      expect(kinds).not.toContain('↓ ↑');
      expect(kinds).not.toContain('↑ ↓');
    }
  });

  it('puts under each 0 1 two ↓ cells and then 1 2, where the table is long enough', () => {
    // a 0 1 plan in the columns 0.010–6.5 only (none in 10, as in Table 2-A)
    expect(AQL_VALUES.filter((aql) => zeroOneRowB(aql) >= 0)).toEqual(AQL_VALUES.filter((aql) => aql <= 6.5));
    for (const aql of AQL_VALUES) {
      const row = zeroOneRowB(aql);
      if (row < 0 || row + 3 >= PLAN_LETTERS.length) continue; // 0.010 and 0.015: too near the bottom
      const cells = PLAN_LETTERS.slice(row, row + 4).map((letter) => cellB(letter, aql));
      expect(cells, `column ${aql}`).toEqual([[0, 1], '↓', '↓', [1, 2]]);
    }
  });

  it('puts each 0 1 one row lower than Table 2-A does', () => {
    for (const aql of AQL_VALUES) {
      const rowA = CODE_LETTERS.findIndex((letter) => {
        const c = table2ACell(letter, aql);
        return typeof c !== 'string' && c[0] === 0;
      });
      expect(zeroOneRowB(aql), `column ${aql}`).toBe(rowA < 0 ? -1 : rowA + 1);
    }
  });

  it('has Ac non-decreasing down each column and along each row', () => {
    for (const aql of AQL_VALUES) {
      const acs = PLAN_LETTERS.map((letter) => cellB(letter, aql)).filter(isPlan).map(([ac]) => ac);
      expect(acs, `column ${aql}`).toEqual([...acs].sort((a, b) => a - b));
    }
    for (const letter of PLAN_LETTERS) {
      const acs = AQL_VALUES.map((aql) => cellB(letter, aql)).filter(isPlan).map(([ac]) => ac);
      expect(acs, `row ${letter}`).toEqual([...acs].sort((a, b) => a - b));
    }
  });

  it('repeats a row one AQL column further left one code letter down', () => {
    for (let row = 0; row + 1 < PLAN_LETTERS.length; row++) {
      for (let col = 0; col + 1 < AQL_VALUES.length; col++) {
        const here = cellB(PLAN_LETTERS[row + 1]!, AQL_VALUES[col]!);
        const upRight = cellB(PLAN_LETTERS[row]!, AQL_VALUES[col + 1]!);
        if (isPlan(here) && isPlan(upRight)) expect(here).toEqual(upRight);
      }
    }
  });

  it('has a smaller Ac than Table 2-A wherever both tables hold a plan in the same cell', () => {
    let both = 0;
    for (const letter of CODE_LETTERS) {
      for (const aql of AQL_VALUES) {
        const normal = table2ACell(letter, aql);
        const tightened = cellB(letter, aql);
        if (typeof normal !== 'string' && isPlan(tightened)) {
          both++;
          expect(tightened[0], `${letter} ${aql}`).toBeLessThan(normal[0]);
        }
      }
    }
    expect(both).toBeGreaterThan(100);
  });

  it('resolves every letter and AQL to the plan its arrow points at (row S included)', () => {
    for (const letter of CODE_LETTERS) {
      for (const aql of AQL_VALUES) {
        let row = PLAN_LETTERS.indexOf(letter);
        const first = cellB(letter, aql);
        while (!isPlan(cellB(PLAN_LETTERS[row]!, aql))) row += first === '↓' ? 1 : -1;
        const target = PLAN_LETTERS[row]!;
        const [ac, re] = cellB(target, aql) as readonly [number, number];
        const [lot, level] = START[letter];
        const plan = samplingPlanOf(lot, level, aql, 'TIGHTENED');
        expect(plan.codeLetter).toBe(letter);
        expect([plan.planLetter, plan.acceptNumber, plan.rejectNumber], `${letter} ${aql}`).toEqual([target, ac, re]);
        expect(plan.sampleSize).toBe(Math.min(lot, PLAN_SAMPLE_SIZES[target]));
      }
    }
  });

  it('is stricter than normal inspection for every letter and AQL (n ≥, Ac ≤, never the same plan)', () => {
    for (const letter of CODE_LETTERS) {
      for (const aql of AQL_VALUES) {
        const [lot, level] = START[letter];
        const normal = samplingPlanOf(lot, level, aql, 'NORMAL');
        const tightened = samplingPlanOf(lot, level, aql, 'TIGHTENED');
        const nNormal = PLAN_SAMPLE_SIZES[normal.planLetter];
        const nTightened = PLAN_SAMPLE_SIZES[tightened.planLetter];
        expect(nTightened, `${letter} ${aql}`).toBeGreaterThanOrEqual(nNormal);
        expect(tightened.acceptNumber, `${letter} ${aql}`).toBeLessThanOrEqual(normal.acceptNumber);
        expect([nTightened, tightened.acceptNumber], `${letter} ${aql}`).not.toEqual([nNormal, normal.acceptNumber]);
      }
    }
  });
});

describe('samplingPlanOf', () => {
  type Case = [
    lot: number,
    level: InspectionLevel,
    aql: number,
    codeLetter: CodeLetter,
    planLetter: PlanLetter,
    sampleSize: number,
    ac: number,
    re: number,
    everyUnit: boolean,
  ];
  const tightened: Case[] = [
    // level II at AQL 1.0, one lot per Table 1 row (and both ends of most)
    [1, 'II', 1.0, 'A', 'F', 1, 0, 1, true],
    [8, 'II', 1.0, 'A', 'F', 8, 0, 1, true],
    [9, 'II', 1.0, 'B', 'F', 9, 0, 1, true],
    [15, 'II', 1.0, 'B', 'F', 15, 0, 1, true],
    [16, 'II', 1.0, 'C', 'F', 16, 0, 1, true],
    [20, 'II', 1.0, 'C', 'F', 20, 0, 1, true],
    [21, 'II', 1.0, 'C', 'F', 20, 0, 1, false],
    [25, 'II', 1.0, 'C', 'F', 20, 0, 1, false],
    [26, 'II', 1.0, 'D', 'F', 20, 0, 1, false],
    [50, 'II', 1.0, 'D', 'F', 20, 0, 1, false],
    [90, 'II', 1.0, 'E', 'F', 20, 0, 1, false],
    [91, 'II', 1.0, 'F', 'F', 20, 0, 1, false],
    [150, 'II', 1.0, 'F', 'F', 20, 0, 1, false],
    [151, 'II', 1.0, 'G', 'J', 80, 1, 2, false],
    [280, 'II', 1.0, 'G', 'J', 80, 1, 2, false],
    [281, 'II', 1.0, 'H', 'J', 80, 1, 2, false],
    [500, 'II', 1.0, 'H', 'J', 80, 1, 2, false],
    [501, 'II', 1.0, 'J', 'J', 80, 1, 2, false],
    [1200, 'II', 1.0, 'J', 'J', 80, 1, 2, false],
    [1201, 'II', 1.0, 'K', 'K', 125, 2, 3, false],
    [3200, 'II', 1.0, 'K', 'K', 125, 2, 3, false],
    [3201, 'II', 1.0, 'L', 'L', 200, 3, 4, false],
    [10000, 'II', 1.0, 'L', 'L', 200, 3, 4, false],
    [10001, 'II', 1.0, 'M', 'M', 315, 5, 6, false],
    [35000, 'II', 1.0, 'M', 'M', 315, 5, 6, false],
    [35001, 'II', 1.0, 'N', 'N', 500, 8, 9, false],
    [150000, 'II', 1.0, 'N', 'N', 500, 8, 9, false],
    [150001, 'II', 1.0, 'P', 'P', 800, 12, 13, false],
    [500000, 'II', 1.0, 'P', 'P', 800, 12, 13, false],
    [500001, 'II', 1.0, 'Q', 'Q', 1250, 18, 19, false],
    [5_000_000, 'II', 1.0, 'Q', 'Q', 1250, 18, 19, false],
    [500001, 'III', 1.0, 'R', 'Q', 1250, 18, 19, false],
    // level II at AQL 2.5
    [2, 'II', 2.5, 'A', 'D', 2, 0, 1, true],
    [8, 'II', 2.5, 'A', 'D', 8, 0, 1, true],
    [9, 'II', 2.5, 'B', 'D', 8, 0, 1, false],
    [15, 'II', 2.5, 'B', 'D', 8, 0, 1, false],
    [25, 'II', 2.5, 'C', 'D', 8, 0, 1, false],
    [26, 'II', 2.5, 'D', 'D', 8, 0, 1, false],
    [50, 'II', 2.5, 'D', 'D', 8, 0, 1, false],
    [51, 'II', 2.5, 'E', 'G', 32, 1, 2, false],
    [90, 'II', 2.5, 'E', 'G', 32, 1, 2, false],
    [91, 'II', 2.5, 'F', 'G', 32, 1, 2, false],
    [150, 'II', 2.5, 'F', 'G', 32, 1, 2, false],
    [151, 'II', 2.5, 'G', 'G', 32, 1, 2, false],
    [280, 'II', 2.5, 'G', 'G', 32, 1, 2, false],
    [281, 'II', 2.5, 'H', 'H', 50, 2, 3, false],
    [500, 'II', 2.5, 'H', 'H', 50, 2, 3, false],
    [501, 'II', 2.5, 'J', 'J', 80, 3, 4, false],
    [1000, 'II', 2.5, 'J', 'J', 80, 3, 4, false],
    [1201, 'II', 2.5, 'K', 'K', 125, 5, 6, false],
    [3201, 'II', 2.5, 'L', 'L', 200, 8, 9, false],
    [10001, 'II', 2.5, 'M', 'M', 315, 12, 13, false],
    [35001, 'II', 2.5, 'N', 'N', 500, 18, 19, false],
    [150001, 'II', 2.5, 'P', 'N', 500, 18, 19, false],
    [500001, 'II', 2.5, 'Q', 'N', 500, 18, 19, false],
    [500001, 'III', 2.5, 'R', 'N', 500, 18, 19, false],
    // level II at AQL 0.065: the ↓ block leads to M (n = 315), then ↓ ↓ to Q
    [1, 'II', 0.065, 'A', 'M', 1, 0, 1, true],
    [100, 'II', 0.065, 'F', 'M', 100, 0, 1, true],
    [300, 'II', 0.065, 'H', 'M', 300, 0, 1, true],
    [315, 'II', 0.065, 'H', 'M', 315, 0, 1, true],
    [316, 'II', 0.065, 'H', 'M', 315, 0, 1, false],
    [1200, 'II', 0.065, 'J', 'M', 315, 0, 1, false],
    [10000, 'II', 0.065, 'L', 'M', 315, 0, 1, false],
    [10001, 'II', 0.065, 'M', 'M', 315, 0, 1, false],
    [35000, 'II', 0.065, 'M', 'M', 315, 0, 1, false],
    [35001, 'II', 0.065, 'N', 'Q', 1250, 1, 2, false],
    [150001, 'II', 0.065, 'P', 'Q', 1250, 1, 2, false],
    [500001, 'II', 0.065, 'Q', 'Q', 1250, 1, 2, false],
    [500001, 'III', 0.065, 'R', 'R', 2000, 2, 3, false],
    // the lowest AQLs, and row S (only reached at 0.025, from Q and R)
    [2000, 'II', 0.01, 'K', 'R', 2000, 0, 1, true],
    [2001, 'II', 0.01, 'K', 'R', 2000, 0, 1, false],
    [600000, 'III', 0.01, 'R', 'R', 2000, 0, 1, false],
    [1250, 'II', 0.015, 'K', 'Q', 1250, 0, 1, true],
    [600000, 'II', 0.015, 'Q', 'Q', 1250, 0, 1, false],
    [600000, 'III', 0.015, 'R', 'Q', 1250, 0, 1, false],
    [150000, 'II', 0.025, 'N', 'P', 800, 0, 1, false],
    [500000, 'II', 0.025, 'P', 'P', 800, 0, 1, false],
    [500001, 'II', 0.025, 'Q', 'S', 3150, 1, 2, false],
    [200000, 'III', 0.025, 'Q', 'S', 3150, 1, 2, false],
    [600000, 'III', 0.025, 'R', 'S', 3150, 1, 2, false],
    [600000, 'II', 0.04, 'Q', 'R', 2000, 1, 2, false],
    [600000, 'III', 0.04, 'R', 'R', 2000, 1, 2, false],
    // special levels, levels I and III
    [1000, 'S-1', 2.5, 'C', 'D', 8, 0, 1, false],
    [600000, 'S-1', 0.65, 'D', 'G', 32, 0, 1, false],
    [30, 'S-2', 4.0, 'B', 'C', 5, 0, 1, false],
    [10000, 'S-2', 4.0, 'D', 'F', 20, 1, 2, false],
    [20, 'S-3', 6.5, 'B', 'B', 3, 0, 1, false],
    [200, 'S-3', 6.5, 'D', 'E', 13, 1, 2, false],
    [2000, 'S-4', 1.0, 'G', 'J', 80, 1, 2, false],
    [60, 'I', 10, 'C', 'D', 8, 1, 2, false],
    [1000, 'I', 2.5, 'G', 'G', 32, 1, 2, false],
    [8, 'III', 1.0, 'B', 'F', 8, 0, 1, true],
    [1000, 'III', 0.65, 'K', 'K', 125, 1, 2, false],
    // the top rows: 0 1 first in row B (6.5), and no 0 1 in column 10
    [2, 'II', 6.5, 'A', 'B', 2, 0, 1, true],
    [5, 'II', 6.5, 'A', 'B', 3, 0, 1, false],
    [3, 'II', 10, 'A', 'D', 3, 1, 2, true],
    [8, 'II', 10, 'A', 'D', 8, 1, 2, true],
    [5, 'II', 15, 'A', 'C', 5, 1, 2, true],
    [8, 'II', 15, 'A', 'C', 5, 1, 2, false],
    [8, 'II', 40, 'A', 'A', 2, 1, 2, false],
    // the top-right block: 27 28 and 41 42 only in rows A–E, ↑ below them
    [8, 'II', 1000, 'A', 'A', 2, 27, 28, false],
    [12, 'II', 1000, 'B', 'B', 3, 41, 42, false],
    [20, 'II', 1000, 'C', 'B', 3, 41, 42, false],
    [60, 'II', 250, 'E', 'E', 13, 41, 42, false],
    [60, 'II', 400, 'E', 'D', 8, 41, 42, false],
    [100, 'II', 150, 'F', 'E', 13, 27, 28, false],
    [100, 'II', 100, 'F', 'E', 13, 18, 19, false],
    [100, 'II', 65, 'F', 'F', 20, 18, 19, false],
    [5000, 'II', 10, 'L', 'K', 125, 18, 19, false],
  ];

  it.each(tightened)('tightened: lot %i, level %s, AQL %s', (lot, level, aql, codeLetter, planLetter, n, ac, re, everyUnit) => {
    expect(samplingPlanOf(lot, level, aql, 'TIGHTENED')).toEqual({
      lotSize: lot,
      inspectionLevel: level,
      aql,
      codeLetter,
      planLetter,
      sampleSize: n,
      acceptNumber: ac,
      rejectNumber: re,
      everyUnit,
      severity: 'TIGHTENED',
    });
  });

  it('is samplingPlan (Table 2-A) under normal inspection, the default', () => {
    const lots = [1, 8, 9, 20, 50, 90, 150, 151, 300, 500, 1200, 1250, 3200, 10000, 35001, 150001, 500001, 5_000_000];
    for (const lot of lots) {
      for (const level of INSPECTION_LEVELS) {
        for (const aql of AQL_VALUES) {
          const plan: SamplingPlan = samplingPlan(lot, level, aql);
          const normal: SamplingPlan & { severity: InspectionSeverity } = { ...plan, severity: 'NORMAL' };
          expect(samplingPlanOf(lot, level, aql)).toEqual(normal);
          expect(samplingPlanOf(lot, level, aql, 'NORMAL')).toEqual(normal);
          expect(normal.planLetter).not.toBe('S');
        }
      }
    }
  });

  it('refuses what samplingPlan refuses, and an unknown severity', () => {
    for (const severity of INSPECTION_SEVERITIES) {
      expect(() => samplingPlanOf(0, 'II', 1.0, severity)).toThrow(RangeError);
      expect(() => samplingPlanOf(2.5, 'II', 1.0, severity)).toThrow(RangeError);
      expect(() => samplingPlanOf(100, 'II', 0.02, severity)).toThrow(RangeError);
      expect(() => samplingPlanOf(100, 'IV' as InspectionLevel, 1.0, severity)).toThrow(RangeError);
    }
    expect(() => samplingPlanOf(100, 'II', 1.0, 'REDUCED' as InspectionSeverity)).toThrow(RangeError);
  });
});

describe('nextSeverity (switching rules, ISO 2859-1 9.3.1 and 9.3.2)', () => {
  /** 'RAAR' → [REJECT, ACCEPT, ACCEPT, REJECT] */
  const lots = (text: string): ('ACCEPT' | 'REJECT')[] => [...text].map((c) => (c === 'R' ? 'REJECT' : 'ACCEPT'));

  const cases: [history: string, severity: InspectionSeverity][] = [
    ['', 'NORMAL'],
    ['A', 'NORMAL'],
    ['R', 'NORMAL'],
    ['AAAAAAAAAA', 'NORMAL'],
    // normal to tightened: 2 not accepted within 5 or fewer consecutive lots
    ['RR', 'TIGHTENED'],
    ['RAR', 'TIGHTENED'],
    ['RAAR', 'TIGHTENED'],
    ['RAAAR', 'TIGHTENED'],
    ['RAAAAR', 'NORMAL'], // the two lie 6 lots apart
    ['RAAAARAAAAR', 'NORMAL'],
    ['RAAAARAAAR', 'TIGHTENED'],
    ['AAAAAAAAAARAAAAR', 'NORMAL'],
    ['AAAAAAAAAARAAAR', 'TIGHTENED'],
    // tightened to normal: 5 accepted in a row on tightened
    ['RRAAAA', 'TIGHTENED'],
    ['RRAAAAA', 'NORMAL'],
    ['RAAARAAAA', 'TIGHTENED'],
    ['RAAARAAAAA', 'NORMAL'],
    // a lot not accepted on tightened starts the count again
    ['RRAARAAAA', 'TIGHTENED'],
    ['RRAARAAAAA', 'NORMAL'],
    ['RRAAAARAAAA', 'TIGHTENED'],
    // back on normal, the rejects before tightened no longer count
    ['RRAAAAAR', 'NORMAL'],
    ['RRAAAAARAAAAR', 'NORMAL'],
    ['RRAAAAARR', 'TIGHTENED'],
    ['RRAAAAARAAAR', 'TIGHTENED'],
    // 5 not accepted on tightened would discontinue inspection (9.4, out of scope): stays tightened
    ['RRRRRRR', 'TIGHTENED'],
    ['RRRRRRRAAAAA', 'NORMAL'],
  ];

  it.each(cases)('%j → %s', (history, severity) => {
    expect(nextSeverity(lots(history))).toBe(severity);
  });

  it('agrees with a second reading of the rules on every history of up to 12 lots', () => {
    // normal: a lot not accepted within 4 lots after the previous one (2 in ≤ 5 consecutive
    // lots) since normal began switches; tightened: 5 accepted in a row switch back
    const reference = (history: readonly ('ACCEPT' | 'REJECT')[]): InspectionSeverity => {
      let tightened = false;
      let lastReject = Number.NEGATIVE_INFINITY;
      let inARow = 0;
      history.forEach((verdict, i) => {
        if (!tightened) {
          if (verdict === 'REJECT') {
            if (i - lastReject <= 4) {
              tightened = true;
              inARow = 0;
            } else lastReject = i;
          }
        } else {
          inARow = verdict === 'ACCEPT' ? inARow + 1 : 0;
          if (inARow === 5) {
            tightened = false;
            lastReject = Number.NEGATIVE_INFINITY;
          }
        }
      });
      return tightened ? 'TIGHTENED' : 'NORMAL';
    };
    let histories = 0;
    for (let length = 0; length <= 12; length++) {
      for (let bits = 0; bits < 2 ** length; bits++) {
        const history = Array.from({ length }, (_, i) => ((bits >> i) & 1 ? 'REJECT' : 'ACCEPT') as 'ACCEPT' | 'REJECT');
        expect(nextSeverity(history), history.join(' ')).toBe(reference(history));
        histories++;
      }
    }
    expect(histories).toBe(2 ** 13 - 1);
  });

  it('refuses a verdict other than ACCEPT or REJECT', () => {
    expect(() => nextSeverity(['ACCEPT', 'PENDING' as 'ACCEPT'])).toThrow(RangeError);
  });
});
