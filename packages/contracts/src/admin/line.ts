import { z } from 'zod';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';
import { CODE_PATTERN, decimal, idField, NAME_PATTERN, optionalId, optionalStatusFilter, optionalText, positiveId, requiredText, statusField, timeText } from './common.js';

/** Max input length of line name and code (seed 000 §5). */
export const LINE_LIMITS = { nameMax: 12, numMax: 12 } as const;

export const lineName = requiredText(MSG.lineNameRequired).regex(NAME_PATTERN, MSG.lineNameRule);
export const lineNum = requiredText(MSG.lineNumRequired).regex(CODE_PATTERN, MSG.lineNumRule);

/** POST /api/line/add */
export const lineAddBody = z.object({
  factoryId: positiveId(MSG.factoryRequired),
  lineName,
  lineNum,
});
/** POST /api/line/edit */
export const lineEditBody = lineAddBody.extend({ id: idField });
/** POST /api/line/changeStatus?id&status (query, as the console sends it; a body is accepted too) */
export const lineStatusQuery = z.object({ id: idField, status: statusField });

/** GET /api/line/list */
export const lineListQuery = pageQuery.extend({
  factoryId: optionalId,
  status: optionalStatusFilter,
  /** line name or code, contains */
  searchContext: optionalText,
});

export const productionLine = z.object({
  id: z.number().int(),
  factoryId: z.number().int(),
  factoryName: z.string(),
  lineName: z.string(),
  lineNum: z.string(),
  status: z.number().int(),
  createTime: timeText,
});
export type ProductionLine = z.infer<typeof productionLine>;

/** GET /api/factory/list */
export const factoryListQuery = pageQuery.extend({ pageSize: decimal(z.number().int().min(0).max(1000).default(0)) });
export const factory = z.object({
  id: z.number().int(),
  factoryName: z.string(),
  lineList: z.array(z.object({ id: z.number().int(), lineName: z.string(), lineNum: z.string(), status: z.number().int() })),
});
export type Factory = z.infer<typeof factory>;

/** GET /api/productionLine/getList: the enabled lines a user may plan tasks on. */
export const lineOption = z.object({ id: z.number().int(), lineName: z.string(), lineNum: z.string() });
export type LineOption = z.infer<typeof lineOption>;
