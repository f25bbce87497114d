import { z } from 'zod';
import { MSG } from '../messages.js';
import { decimal, idField, optionalId, optionalText, requiredText } from './common.js';

export const TERMINAL_TYPES = ['PAD', 'PDA'] as const;
export type TerminalType = (typeof TERMINAL_TYPES)[number];

/**
 * Terminal status codes of seed 000 §2 and §9. A PAD is unused (0), on an
 * overall-check task (2), on a parts-check task (3) or idle on a line (4);
 * a PDA is unused (0) or used (1).
 */
export const TERMINAL_STATUS = { unused: 0, used: 1, overallCheck: 2, partsCheck: 3, idle: 4 } as const;
export type TerminalStatus = (typeof TERMINAL_STATUS)[keyof typeof TERMINAL_STATUS];

/** Limits of the name inputs: 12 on the management page, 16 on the detail page (seed 000 §5). */
export const TERMINAL_LIMITS = { nameMaxManage: 12, nameMax: 16, codeMax: 32 } as const;

const terminalType = z.enum(TERMINAL_TYPES, { error: MSG.terminalTypeRequired });

export const terminalName = requiredText(MSG.terminalNameRequired)
  .max(TERMINAL_LIMITS.nameMax, MSG.terminalNameTooLong)
  .regex(/^[\u4e00-\u9fa5A-Za-z0-9]+$/, MSG.terminalNameRule);

/** POST /api/terminal/add: registers a terminal (the console, later also the station app). */
export const terminalAddBody = z.object({
  terminalCode: requiredText(MSG.terminalCodeRequired).regex(/^[A-Za-z0-9_-]{1,32}$/, MSG.terminalCodeRule),
  terminalName,
  terminalType,
  categoryId: optionalId,
  lineId: optionalId,
});

/** POST /api/terminal/editPad (form): lineId only for an unused or idle PAD; empty unbinds the line. */
export const terminalEditBody = z.object({
  terminalId: idField,
  terminalName,
  terminalType,
  lineId: optionalId,
});

/** POST /api/terminal/unbindPad?terminalId&terminalType */
export const terminalUnbindQuery = z.object({ terminalId: idField, terminalType });

/** GET /api/terminal/category?terminalType → { [id]: name } */
export const terminalCategoryQuery = z.object({ terminalType: terminalType.optional() });

/** GET /api/terminal/list */
export const terminalListQuery = z.object({
  terminalType: terminalType.default('PAD'),
  /** 0 unused, 1 used (PDA), 2 overall check, 3 parts check, 4 idle */
  status: z
    .union([z.literal(''), decimal(z.number().int().min(0).max(4))])
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : (value as TerminalStatus))),
  lineId: optionalId,
  /** terminal name or code, contains */
  padKey: optionalText,
  categoryId: optionalId,
});

export const terminalPad = z.object({
  padId: z.number().int(),
  padName: z.string(),
  padCode: z.string(),
  terminalType: z.enum(TERMINAL_TYPES),
  status: z.number().int(),
  categoryId: z.number().int().nullable(),
  category: z.string().nullable(),
  /** 2 overall check, 3 parts check, 4 idle; null when unused */
  belongTaskType: z.number().int().nullable(),
  productNumber: z.string().nullable(),
  productType: z.string().nullable(),
  dtuType: z.string().nullable(),
  padFlow: z.string().nullable(),
  fittingType: z.string().nullable(),
  taskName: z.string().nullable(),
  padWorker: z.string().nullable(),
  lineId: z.number().int().nullable(),
  lineName: z.string().nullable(),
  taskId: z.number().int().nullable(),
});
export type TerminalPad = z.infer<typeof terminalPad>;

export const terminalLineGroup = z.object({
  lineId: z.number().int(),
  lineName: z.string(),
  taskId: z.number().int().nullable(),
  productType: z.string().nullable(),
  productNumber: z.string().nullable(),
  linePadList: z.array(terminalPad),
});

export const terminalList = z.object({
  freePadList: z.array(terminalPad),
  taskLineList: z.array(terminalLineGroup),
  pdaFreeList: z.array(terminalPad),
  pdaUsedList: z.array(terminalPad),
  /** counters of the tab, before the status filter */
  total: z.number().int(),
  freeCount: z.number().int(),
  usedCount: z.number().int(),
  noTaskCount: z.number().int(),
  overallCheckCount: z.number().int(),
  partsCheckCount: z.number().int(),
});
export type TerminalList = z.infer<typeof terminalList>;
