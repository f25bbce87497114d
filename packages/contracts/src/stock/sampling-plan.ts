/**
 * Single sampling plans for NORMAL inspection of GB/T 2828.1-2012, which is ISO 2859-1:1999
 * (identical adoption); its Table 1 and Table 2-A are the same tables as Table I and Table II-A
 * of MIL-STD-105E and ANSI/ASQ Z1.4. No imports, so the station apps can use it without zod.
 *
 * Both tables are written out below as data, cell by cell, to be compared by eye with the
 * printed standard; no cell is worked out from a formula. `samplingPlan` only looks them up
 * and follows the arrows.
 *
 * Transcription. Checked cell by cell against public copies of the same table: the
 * MIL-STD-105E tables of github.com/kotaooka/sampling-calc (from the DTIC scan ADA284013, and
 * a second set read from the vector arrows of a retyped "legible copy"), the matrices of the R
 * package AQLSchemes 1.7-2 (J. Lawson), the level II extract at nibs.org (FMOC AC-TABLE) and a
 * retyped Table II-A without arrows on scribd. All 416 plans (after following the arrows) agree
 * with the DTIC-based set and with AQLSchemes; the legible-copy set differs only by its misprint
 * "44 65" for 44 45, and the nibs.org extract only at A/10 (see there). Copies that break the
 * structure below (e.g. 0 1 straight above 1 2, or 30 31 / 44 45 in every row) were set aside.
 * Where copies disagree, this file takes the reading of the majority that keeps the structure
 * of the printed table (see the notes at the columns 0.010, 0.015, 10 and 1000):
 * - along a row, from the 0 1 cell: 0 1, ↑, ↓, 1 2, 2 3, 3 4, 5 6, 7 8, 10 11, 14 15, 21 22,
 *   and after that 30 31 and 44 45 only in rows A–E (n ≤ 13, columns 150 and above), then ↑;
 * - one code letter further down, the same pattern starts one AQL column further left.
 */

export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number];
export const DEFAULT_INSPECTION_LEVEL: InspectionLevel = 'II';

/**
 * The AQL columns of Table 2-A, left to right. Up to 10 an AQL may be in percent nonconforming
 * or in nonconformities per 100 units; above 10 only in nonconformities per 100 units.
 */
export const AQL_VALUES: readonly number[] = Object.freeze([
  0.010, 0.015, 0.025, 0.040, 0.065, 0.10, 0.15, 0.25, 0.40, 0.65, 1.0, 1.5, 2.5, 4.0, 6.5,
  10, 15, 25, 40, 65, 100, 150, 250, 400, 650, 1000,
]);
export const DEFAULT_AQL = 1.0;

/** Whether `value` is one of the AQLs of Table 2-A (the standard knows no other). */
export function isAql(value: number): boolean {
  return AQL_VALUES.includes(value);
}

/** Code letters top to bottom (the standard skips I and O). */
export const CODE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number];

/** Table 2-A's "sample size" column. */
export const SAMPLE_SIZES: Record<CodeLetter, number> = Object.freeze({
  A: 2,
  B: 3,
  C: 5,
  D: 8,
  E: 13,
  F: 20,
  G: 32,
  H: 50,
  J: 80,
  K: 125,
  L: 200,
  M: 315,
  N: 500,
  P: 800,
  Q: 1250,
  R: 2000,
});

/**
 * Table 1, sample size code letters: the lot-size ranges (by their upper end) and the letter
 * for each inspection level, in the order of INSPECTION_LEVELS.
 */
const TABLE_1: readonly (readonly [upTo: number, letters: readonly CodeLetter[]])[] = [
  // up to       S-1  S-2  S-3  S-4   I    II   III        lot size
  [8,          ['A', 'A', 'A', 'A', 'A', 'A', 'B']], //        2 –      8
  [15,         ['A', 'A', 'A', 'A', 'A', 'B', 'C']], //        9 –     15
  [25,         ['A', 'A', 'B', 'B', 'B', 'C', 'D']], //       16 –     25
  [50,         ['A', 'B', 'B', 'C', 'C', 'D', 'E']], //       26 –     50
  [90,         ['B', 'B', 'C', 'C', 'C', 'E', 'F']], //       51 –     90
  [150,        ['B', 'B', 'C', 'D', 'D', 'F', 'G']], //       91 –    150
  [280,        ['B', 'C', 'D', 'E', 'E', 'G', 'H']], //      151 –    280
  [500,        ['B', 'C', 'D', 'E', 'F', 'H', 'J']], //      281 –    500
  [1200,       ['C', 'C', 'E', 'F', 'G', 'J', 'K']], //      501 –   1200
  [3200,       ['C', 'D', 'E', 'G', 'H', 'K', 'L']], //     1201 –   3200
  [10000,      ['C', 'D', 'F', 'G', 'J', 'L', 'M']], //     3201 –  10000
  [35000,      ['C', 'D', 'F', 'H', 'K', 'M', 'N']], //    10001 –  35000
  [150000,     ['D', 'E', 'G', 'J', 'L', 'N', 'P']], //    35001 – 150000
  [500000,     ['D', 'E', 'G', 'J', 'M', 'P', 'Q']], //   150001 – 500000
  [Infinity,   ['D', 'E', 'H', 'K', 'N', 'Q', 'R']], //   500001 and over
];

/** A cell of Table 2-A: a plan (Ac, Re), or an arrow to the first plan below / above it. */
export type Table2ACell = '↓' | '↑' | readonly [ac: number, re: number];

const D = '↓';
const U = '↑';

/**
 * Table 2-A, column by column (in the order of AQL_VALUES), each column's 16 cells from code
 * letter A at the top to R at the bottom. Read a line against the printed column.
 */
const TABLE_2A: readonly (readonly Table2ACell[])[] = [
  //           A         B         C         D         E         F         G         H         J         K         L         M         N         P         Q         R
  /* 0.010 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U],
  // 0.010 at R: ↑ (to Q, n = 1250). A transcription that gives R its own 0 1 here, or a row
  // S of 3150 (which only Table 2-B, tightened, has), does not match the printed table.
  /* 0.015 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        U],
  // 0.015 at R: ↑ like Q above it (one arrow over both cells, to P, n = 800); the pattern
  // would put ↓ there, but there is no plan below R, so the printed table has ↑.
  /* 0.025 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2]],
  /* 0.040 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3]],
  /* 0.065 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4]],
  /* 0.10  */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6]],
  /* 0.15  */ [D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8]],
  /* 0.25  */ [D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11]],
  /* 0.40  */ [D,        D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15]],
  /* 0.65  */ [D,        D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22]],
  /* 1.0   */ [D,        D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U],
  /* 1.5   */ [D,        D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U],
  /* 2.5   */ [D,        D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U],
  /* 4.0   */ [D,        [0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U],
  /* 6.5   */ [[0, 1],   U,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U],
  /* 10    */ [D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U,        U],
  // 10 at A: ↓ (through B to C, n = 5, 1 2), as in the DTIC, legible-copy and AQLSchemes sets.
  // The nibs.org extract has ↑ there, as the diagonal pattern would, but nothing is above row A
  // for it to point at; the printed table draws one ↓ over A and B.
  /* 15    */ [D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U,        U,        U],
  /* 25    */ [[1, 2],   [2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U,        U,        U,        U],
  /* 40    */ [[2, 3],   [3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 65    */ [[3, 4],   [5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 100   */ [[5, 6],   [7, 8],   [10, 11], [14, 15], [21, 22], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 150   */ [[7, 8],   [10, 11], [14, 15], [21, 22], [30, 31], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 250   */ [[10, 11], [14, 15], [21, 22], [30, 31], [44, 45], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 400   */ [[14, 15], [21, 22], [30, 31], [44, 45], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 650   */ [[21, 22], [30, 31], [44, 45], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  /* 1000  */ [[30, 31], [44, 45], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U],
  // 30 31 and 44 45 stand only in rows A–E (columns 150–1000): from F down (n ≥ 20) these
  // columns are ↑ to the row-E (or higher) plan. 44 45 (not "44 65", a misprint in some
  // retyped copies) in B/1000, C/650, D/400, E/250.
];

export interface SamplingPlan {
  lotSize: number;
  inspectionLevel: InspectionLevel;
  aql: number;
  codeLetter: CodeLetter;
  /** letter of the plan actually used after following arrows */
  planLetter: CodeLetter;
  sampleSize: number;
  acceptNumber: number;
  rejectNumber: number;
  /** true when n ≥ lot size: every unit is inspected (sampleSize is then the lot size) */
  everyUnit: boolean;
}

function checkLotSize(lotSize: number): void {
  if (!Number.isSafeInteger(lotSize) || lotSize < 1) {
    throw new RangeError(`lot size must be a whole number of units, at least 1 (got ${lotSize})`);
  }
}

function aqlColumn(aql: number): readonly Table2ACell[] {
  const column = TABLE_2A[AQL_VALUES.indexOf(aql)];
  if (column === undefined) throw new RangeError(`AQL ${aql} is not a column of GB/T 2828.1 Table 2-A`);
  return column;
}

/**
 * Table 1: the sample size code letter for a lot size and inspection level. A lot of a single
 * unit (below the table's first range, 2–8) takes the first row.
 */
export function codeLetterOf(lotSize: number, level: InspectionLevel): CodeLetter {
  checkLotSize(lotSize);
  const levelIndex = INSPECTION_LEVELS.indexOf(level);
  if (levelIndex < 0) throw new RangeError(`unknown inspection level ${String(level)}`);
  const row = TABLE_1.find(([upTo]) => lotSize <= upTo);
  const letter = row?.[1][levelIndex];
  if (letter === undefined) throw new RangeError(`no Table 1 row for lot size ${lotSize}`);
  return letter;
}

/** The cell of Table 2-A as printed (an arrow is not followed). */
export function table2ACell(codeLetter: CodeLetter, aql: number): Table2ACell {
  const cell = aqlColumn(aql)[CODE_LETTERS.indexOf(codeLetter)];
  if (cell === undefined) throw new RangeError(`unknown code letter ${String(codeLetter)}`);
  return cell;
}

/**
 * The normal-inspection single sampling plan for a lot. Table 1 gives the code letter; its
 * Table 2-A cell at the AQL is either the plan or an arrow. An arrow means "use the first
 * sampling plan below (↓) / above (↑) the arrow": walk down / up the same AQL column, over any
 * further arrow cells, to the first cell with Ac and Re, and take that row's own sample size
 * with them (the plan's letter is `planLetter`). So a ↓ gives a larger sample than the letter
 * alone would, a ↑ a smaller one. When that sample size reaches the lot size, every unit is
 * inspected (the note under the ↓ of Table 2-A): sampleSize is the lot size, Ac and Re stay.
 *
 * Throws RangeError for a lot size below 1 (or not whole), an AQL not in AQL_VALUES, or an
 * unknown inspection level.
 */
export function samplingPlan(lotSize: number, level: InspectionLevel, aql: number): SamplingPlan {
  checkLotSize(lotSize);
  const column = aqlColumn(aql);
  const codeLetter = codeLetterOf(lotSize, level);
  let row = CODE_LETTERS.indexOf(codeLetter);
  let cell = column[row];
  const step = cell === D ? 1 : -1;
  while (cell === D || cell === U) {
    // No ↓ in a column stands right above a ↑ (the ↑ ↓ pair between the 0 1 and 1 2 plans
    // points apart), so the walk keeps the first arrow's direction until it reaches a plan.
    row += step;
    cell = column[row];
  }
  const planLetter = CODE_LETTERS[row];
  if (cell === undefined || planLetter === undefined) {
    throw new Error(`Table 2-A: the arrow at ${codeLetter}, AQL ${aql} leads to no plan`);
  }
  const [acceptNumber, rejectNumber] = cell;
  const n = SAMPLE_SIZES[planLetter];
  const everyUnit = n >= lotSize;
  return {
    lotSize,
    inspectionLevel: level,
    aql,
    codeLetter,
    planLetter,
    sampleSize: everyUnit ? lotSize : n,
    acceptNumber,
    rejectNumber,
    everyUnit,
  };
}
