/**
 * Single sampling plans for NORMAL and TIGHTENED inspection of GB/T 2828.1-2012, which is
 * ISO 2859-1:1999 (identical adoption); its Table 1, Table 2-A and Table 2-B are the same tables
 * as Table I, Table II-A and Table II-B of MIL-STD-105E and ANSI/ASQ Z1.4. No imports, so the
 * station apps can use it without zod.
 *
 * The tables are written out below as data, cell by cell, to be compared by eye with the
 * printed standard; no cell is worked out from a formula. `samplingPlan` / `samplingPlanOf` only
 * look them up and follow the arrows; `nextSeverity` applies the switching rules between normal
 * and tightened inspection.
 *
 * Transcription of Table 2-A. Checked cell by cell against public copies of the same table: the
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
 * Table 2-B (tightened) has its own notes at TABLE_2B.
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
 * The rows of the plan tables: the code letters, and the row S (sample size 3150) that only
 * Table 2-B (tightened) has. Table 1 never gives S; a plan of Table 2-B comes from row S only
 * where an arrow leads there (column 0.025, see TABLE_2B).
 */
export const PLAN_LETTERS = [...CODE_LETTERS, 'S'] as const;
export type PlanLetter = (typeof PLAN_LETTERS)[number];

/** Table 2-B's "sample size" column: that of Table 2-A, and 3150 in row S. */
export const PLAN_SAMPLE_SIZES: Record<PlanLetter, number> = Object.freeze({ ...SAMPLE_SIZES, S: 3150 });

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

/** A cell of Table 2-B: as in Table 2-A, or `null` for a cell of row S that holds no plan. */
export type Table2BCell = Table2ACell | null;

const _ = null;

/**
 * Table 2-B, single sampling plans for TIGHTENED inspection, column by column (in the order of
 * AQL_VALUES), each column's 17 cells from code letter A at the top through R, then row S
 * (n = 3150) at the bottom. Read a line against the printed column.
 *
 * Transcription. Compared plan by plan (all 416 code letter × AQL pairs, after following the
 * arrows) with two independent sets, which agree with each other and with this table in every
 * pair: the matrices of the R package AQLSchemes 1.7-2 (copy in github.com/fjgonzalezmgt/
 * AQLSchemesCust, R/AAZ14Single.R) and the MIL-STD-105E Table II-B read by
 * github.com/kotaooka/sampling-calc tests/extract_mil105e.py from the text and the vector arrows
 * of the "legible copy" (tests/mil105e-legible.js; its Table II-B has none of the misprints its
 * Table II-A has). The tightened set of that repository's js/aql-table.js is taken from
 * AQLSchemes, so it was not counted as a third. The level II extract at nibs.org (FMOC AC-TABLE,
 * TABLE 1-B, headed "General Level III" but with the level II lot sizes; rows A–L, AQL 0.65–15,
 * printing Re and the arrows) agrees in every cell it shows, including the two arrow cells
 * under each 0 1. No source was found to disagree.
 *
 * Structure (which a slip would break, see the tests):
 * - along a row, from the 0 1 cell: 0 1, ↓, ↓, 1 2, 2 3, 3 4, 5 6, 8 9, 12 13, 18 19, and after
 *   that 27 28 and 41 42 only in rows A–E (columns 150 and above), then ↑;
 * - one code letter further down, the same pattern starts one AQL column further left;
 * - so down a column the 0 1 plan is followed by two ↓ cells (one arrow drawn over both) and
 *   then 1 2: unlike Table 2-A there is no ↑ ↓ pair between 0 1 and 1 2, and every 0 1 of
 *   Table 2-B stands one row lower than the 0 1 of the same column in Table 2-A;
 * - the exceptions, where the pattern would point at nothing, are noted at the columns 0.015,
 *   0.025 and 10.
 * Row S: both sets have a plan there only under 0.025 (1 2), the one column whose arrows lead
 * into row S. `_` marks its other cells, where this file stores no plan; no arrow of rows A–R
 * reaches them, so whatever the print shows there cannot change a plan.
 */
const TABLE_2B: readonly (readonly Table2BCell[])[] = [
  //           A         B         C         D         E         F         G         H         J         K         L         M         N         P         Q         R         S
  /* 0.010 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   _],
  // 0.010: 0 1 at R (n = 2000), not in row S; the whole column leads there.
  /* 0.015 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   U,        _],
  // 0.015 at R: ↑ (to Q, n = 1250, 0 1) in both sets; the pattern would put ↓ there, but row S
  // has no plan in this column (as with 0.015 at R in Table 2-A).
  /* 0.025 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2]],
  // 0.025: the only column with a plan in row S: Q and R point down to S (n = 3150, 1 2) in
  // both sets.
  /* 0.040 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   _],
  /* 0.065 */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   _],
  /* 0.10  */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   _],
  /* 0.15  */ [D,        D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   _],
  /* 0.25  */ [D,        D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   _],
  /* 0.40  */ [D,        D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], _],
  /* 0.65  */ [D,        D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], _],
  /* 1.0   */ [D,        D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        _],
  /* 1.5   */ [D,        D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        _],
  /* 2.5   */ [D,        D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        _],
  /* 4.0   */ [D,        D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        _],
  /* 6.5   */ [D,        [0, 1],   D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        _],
  /* 10    */ [D,        D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        U,        _],
  // 10 at A: ↓ (through B and C to D, n = 8, 1 2) in both sets, and the nibs.org extract has no
  // plan in row A there either. The pattern would put a 0 1 (n = 2) at A; the printed table has
  // no 0 1 plan in this column, as Table 2-A has none.
  /* 15    */ [D,        D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        U,        U,        _],
  /* 25    */ [D,        [1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 40    */ [[1, 2],   [2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 65    */ [[2, 3],   [3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 100   */ [[3, 4],   [5, 6],   [8, 9],   [12, 13], [18, 19], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 150   */ [[5, 6],   [8, 9],   [12, 13], [18, 19], [27, 28], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 250   */ [[8, 9],   [12, 13], [18, 19], [27, 28], [41, 42], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 400   */ [[12, 13], [18, 19], [27, 28], [41, 42], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 650   */ [[18, 19], [27, 28], [41, 42], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  /* 1000  */ [[27, 28], [41, 42], U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        U,        _],
  // 27 28 and 41 42 stand only in rows A–E (columns 150–1000), like 30 31 and 44 45 in Table
  // 2-A; from F down these columns are ↑ to the row-E (or higher) plan.
];

/** The severities of inspection this file knows (reduced inspection is not supported). */
export const INSPECTION_SEVERITIES = ['NORMAL', 'TIGHTENED'] as const;
export type InspectionSeverity = (typeof INSPECTION_SEVERITIES)[number];
export const INSPECTION_SEVERITY_NAMES: Record<InspectionSeverity, string> = { NORMAL: '正常检验', TIGHTENED: '加严检验' };

export interface SamplingPlan {
  lotSize: number;
  inspectionLevel: InspectionLevel;
  aql: number;
  codeLetter: CodeLetter;
  /** letter of the plan actually used after following arrows (S only under tightened inspection) */
  planLetter: PlanLetter;
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

function aqlIndex(aql: number, table: string): number {
  const index = AQL_VALUES.indexOf(aql);
  if (index < 0) throw new RangeError(`AQL ${aql} is not a column of GB/T 2828.1 ${table}`);
  return index;
}

function aqlColumn(aql: number): readonly Table2ACell[] {
  return TABLE_2A[aqlIndex(aql, 'Table 2-A')]!;
}

function aqlColumn2B(aql: number): readonly Table2BCell[] {
  return TABLE_2B[aqlIndex(aql, 'Table 2-B')]!;
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

/** The cell of Table 2-B as printed (an arrow is not followed); `null` for row S without a plan. */
export function table2BCell(planLetter: PlanLetter, aql: number): Table2BCell {
  const cell = aqlColumn2B(aql)[PLAN_LETTERS.indexOf(planLetter)];
  if (cell === undefined) throw new RangeError(`unknown code letter ${String(planLetter)}`);
  return cell;
}

/** Table 1, then the given AQL column of Table 2-A or 2-B, following arrows (see samplingPlan). */
function lookUp(
  lotSize: number,
  level: InspectionLevel,
  aql: number,
  column: readonly Table2BCell[],
  table: string,
): SamplingPlan {
  const codeLetter = codeLetterOf(lotSize, level);
  let row = CODE_LETTERS.indexOf(codeLetter);
  let cell = column[row];
  const step = cell === D ? 1 : -1;
  while (cell === D || cell === U) {
    // No ↓ in a column stands right above a ↑ (in Table 2-A the ↑ ↓ pair between the 0 1 and
    // 1 2 plans points apart; Table 2-B has only ↓ ↓ there), so the walk keeps the first
    // arrow's direction until it reaches a plan.
    row += step;
    cell = column[row];
  }
  const planLetter = PLAN_LETTERS[row];
  if (cell === undefined || cell === null || planLetter === undefined) {
    throw new Error(`${table}: the arrow at ${codeLetter}, AQL ${aql} leads to no plan`);
  }
  const [acceptNumber, rejectNumber] = cell;
  const n = PLAN_SAMPLE_SIZES[planLetter];
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

/**
 * The normal-inspection single sampling plan for a lot. Table 1 gives the code letter; its
 * Table 2-A cell at the AQL is either the plan or an arrow. An arrow means "use the first
 * sampling plan below (↓) / above (↑) the arrow": walk down / up the same AQL column, over any
 * further arrow cells, to the first cell with Ac and Re, and take that row's own sample size
 * with them (the plan's letter is `planLetter`, never S here). So a ↓ gives a larger sample than
 * the letter alone would, a ↑ a smaller one. When that sample size reaches the lot size, every
 * unit is inspected (the note under the ↓ of Table 2-A, and of Table 2-B): sampleSize is the lot
 * size, Ac and Re stay.
 *
 * Throws RangeError for a lot size below 1 (or not whole), an AQL not in AQL_VALUES, or an
 * unknown inspection level.
 */
export function samplingPlan(lotSize: number, level: InspectionLevel, aql: number): SamplingPlan {
  checkLotSize(lotSize);
  return lookUp(lotSize, level, aql, aqlColumn(aql), 'Table 2-A');
}

/**
 * The single sampling plan of the given severity (default NORMAL) for a lot: Table 1 gives the
 * code letter (the standard keeps the inspection level unchanged when switching severity),
 * then Table 2-A (normal, the same plan as `samplingPlan`) or Table 2-B (tightened) the plan,
 * with the arrows and the every-unit rule as for `samplingPlan`. Under tightened inspection
 * planLetter may be 'S' (n = 3150; only at AQL 0.025, from code letters Q and R).
 *
 * Throws RangeError as `samplingPlan` does, and for an unknown severity.
 */
export function samplingPlanOf(
  lotSize: number,
  level: InspectionLevel,
  aql: number,
  severity: InspectionSeverity = 'NORMAL',
): SamplingPlan & { severity: InspectionSeverity } {
  checkLotSize(lotSize);
  let plan: SamplingPlan;
  if (severity === 'NORMAL') plan = lookUp(lotSize, level, aql, aqlColumn(aql), 'Table 2-A');
  else if (severity === 'TIGHTENED') plan = lookUp(lotSize, level, aql, aqlColumn2B(aql), 'Table 2-B');
  else throw new RangeError(`unknown inspection severity ${String(severity)}`);
  return { ...plan, severity };
}

/** Lots within which two lots not accepted send normal inspection to tightened (9.3.1). */
const NORMAL_TO_TIGHTENED_LOTS = 5;
/** Consecutive lots accepted that send tightened inspection back to normal (9.3.2). */
const TIGHTENED_TO_NORMAL_LOTS = 5;

/**
 * The severity for the next lot, from the verdicts of the product's earlier lots in the order
 * they were submitted (oldest first), starting from normal. The switching rules of
 * GB/T 2828.1-2012 = ISO 2859-1:1999, clause 9:
 * - 9.1: inspection starts as normal inspection (unless the responsible authority says
 *   otherwise; here it never does);
 * - 9.3.1, normal to tightened: while normal inspection is in effect, tightened inspection starts
 *   as soon as 2 out of 5 or fewer consecutive lots have been not accepted on original
 *   inspection; that is, two lots not accepted within any run of at most 5 consecutive lots
 *   (R A A A R switches at the second R; R A A A A R does not);
 * - 9.3.2, tightened to normal: while tightened inspection is in effect, normal inspection
 *   returns when 5 consecutive lots have been accepted on original inspection.
 * So the history is replayed from NORMAL: on normal, the window of the latest ≤ 5 lots since
 * normal inspection (re)started is kept, and when 2 of them are REJECT the severity becomes
 * TIGHTENED; on tightened, the ACCEPTs in a row since tightened inspection started are counted
 * (a REJECT sets the count back to 0), and at 5 the severity becomes NORMAL. Each switch starts
 * the window or the count afresh.
 *
 * The history is meant to hold the verdicts of original inspection only: resubmitted lots are
 * ignored by 9.3.1 and 9.3.2. Out of scope: reduced inspection (9.3.3 normal to reduced by the
 * switching score, 9.3.4 reduced to normal), and the discontinuation of inspection (9.4: 5 lots
 * not accepted in total while on tightened inspection), after which the standard lets inspection
 * resume only as tightened inspection once the supplier has acted; here such a history simply
 * stays TIGHTENED. The rules apply to each class of nonconformity on its own (9.2); a history is
 * that of one class.
 *
 * Throws RangeError for an entry other than 'ACCEPT' or 'REJECT'.
 */
export function nextSeverity(history: readonly ('ACCEPT' | 'REJECT')[]): InspectionSeverity {
  let severity: InspectionSeverity = 'NORMAL';
  let recent: ('ACCEPT' | 'REJECT')[] = []; // on normal: the latest lots since normal started
  let acceptedInARow = 0; // on tightened: lots accepted in a row since tightened started
  for (const verdict of history) {
    if (verdict !== 'ACCEPT' && verdict !== 'REJECT') {
      throw new RangeError(`a lot's verdict must be ACCEPT or REJECT (got ${String(verdict)})`);
    }
    if (severity === 'NORMAL') {
      recent.push(verdict);
      if (recent.length > NORMAL_TO_TIGHTENED_LOTS) recent.shift();
      if (recent.filter((v) => v === 'REJECT').length >= 2) {
        severity = 'TIGHTENED';
        acceptedInARow = 0;
      }
    } else {
      acceptedInARow = verdict === 'ACCEPT' ? acceptedInARow + 1 : 0;
      if (acceptedInARow >= TIGHTENED_TO_NORMAL_LOTS) {
        severity = 'NORMAL';
        recent = [];
      }
    }
  }
  return severity;
}
