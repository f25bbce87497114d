import { AQL_VALUES, aqlText, INSPECTION_LEVELS, inspectionLevelName } from '@factory/contracts';

/**
 * The choices of a product's GB/T 2828.1 sampling settings, shared by the product side
 * panel and the 修改抽检设置 dialog of the detail page.
 */

/** GB/T 2828.1 inspection levels: 特殊检验水平 S-1 … S-4, 一般检验水平 I, II, III. */
export const INSPECTION_LEVEL_OPTIONS = INSPECTION_LEVELS.map((level) => ({ value: level, label: inspectionLevelName(level) }));

/** The AQL columns of Table 2-A, written as the table prints them (0.010 … 1.0 … 1000). */
export const AQL_OPTIONS = AQL_VALUES.map((aql) => ({ value: aql, label: aqlText(aql) }));
