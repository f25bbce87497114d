import { z } from 'zod';
import { decimal, idField, optionalId, positiveId, timeText } from '../admin/common.js';
import { FLOW_MSG, MSG } from '../messages.js';
import { INTERVAL } from './interval.js';
import { IMEI_COMMUNICATIONS } from './product.js';
import { type DataType, DATA_TYPES, NUMERIC_TYPES } from './property.js';

export const FLOW_TYPES = ['OVERALL_CHECK', 'DTU_CHECK'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

export const FLOW_LIMITS = {
  nameMax: 12,
  manualMin: 2,
  manualMax: 12,
  pdfMaxBytes: 8 * 1024 * 1024,
  perRowOnFlowPage: 8,
  perRowOnDetail: 3,
} as const;

export { INTERVAL };

const looseText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

/** One auto-check item of a flow: the property it checks and its standard value. */
export const flowItemInput = z.object({
  /** the property's id */
  id: positiveId(),
  intervalNumber: decimal(z.number().int().min(0).max(1).default(INTERVAL.value)),
  normalValue: looseText,
  normalValueMax: looseText,
  normalStr: looseText,
  /** 1 for the property's true value, 0 for its false value; empty when not chosen */
  normalBoolean: z
    .union([z.literal(''), z.null(), z.boolean(), decimal(z.number().int().min(0).max(1))])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? null : Number(value))),
  /** enum keys; an array or its JSON text */
  normalEnums: z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.null()])
    .optional()
    .transform((value): string[] => {
      if (value === null || value === undefined || value === '') return [];
      if (Array.isArray(value)) return value.map(String);
      try {
        const parsed: unknown = JSON.parse(value);
        return Array.isArray(parsed) ? parsed.map(String) : [value];
      } catch {
        return value.split(',').map((key) => key.trim()).filter(Boolean);
      }
    }),
});
export type FlowItemInput = z.output<typeof flowItemInput>;

/** The part `productFlowParams` of POST /api/flow/add and /api/flow/edit (multipart). */
export const flowParams = z.object({
  id: optionalId,
  productId: idField,
  name: z
    .string({ error: MSG.flowNameRequired })
    .trim()
    .min(1, MSG.flowNameRequired)
    .regex(/^[\u4e00-\u9fa5A-Za-z0-9_]{2,12}$/, MSG.flowNameRule),
  bindMac: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
  flowType: z.enum(FLOW_TYPES).default('OVERALL_CHECK'),
  /** where a new flow goes: after preId and before nextId (both empty: at the end) */
  preId: optionalId,
  nextId: optionalId,
  items: z.array(flowItemInput).default([]),
  /** manual check texts; `{ manualValue }` objects are accepted too */
  manualItems: z
    .array(z.union([z.string(), z.object({ manualValue: z.string() })]))
    .default([])
    .transform((rows) => rows.map((row) => (typeof row === 'string' ? row : row.manualValue).trim())),
  /** true on edit to drop the current work-instruction PDF */
  removePdf: z.boolean().optional(),
});
export type FlowParams = z.input<typeof flowParams>;

/** What checkFlowItem needs to know of a property. */
export interface CheckedProperty {
  name: string;
  dataTypeId: DataType;
  min: number | null;
  max: number | null;
  length: number | null;
  enumerates: Record<string, string> | null;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

function checkNumber(property: CheckedProperty, text: string): string | null {
  if (text === '') return FLOW_MSG.itemEmpty(property.name);
  if (!NUMBER_TEXT.test(text) || (property.dataTypeId === 'int' && !Number.isInteger(Number(text)))) {
    return FLOW_MSG.itemNotNumber(property.name);
  }
  const value = Number(text);
  if ((property.min !== null && value < property.min) || (property.max !== null && value > property.max)) {
    return FLOW_MSG.itemOutOfRange(property.name, property.min ?? '', property.max ?? '');
  }
  return null;
}

/**
 * The standard value of one auto-check item against its property (seed 001 §5,
 * flow form), in the form's order; null when it is right. The form and the server
 * both call it, so they refuse with the same words.
 */
export function checkFlowItem(property: CheckedProperty, item: FlowItemInput): string | null {
  switch (property.dataTypeId) {
    case 'boolean':
      return item.normalBoolean === 0 || item.normalBoolean === 1 ? null : FLOW_MSG.itemChoose(property.name);
    case 'string':
    case 'url':
      if (item.normalStr === '') return FLOW_MSG.itemEmpty(property.name);
      if (property.length !== null && item.normalStr.length > property.length) {
        return FLOW_MSG.itemTooLong(property.name, property.length);
      }
      return null;
    case 'enum': {
      if (item.normalEnums.length === 0) return FLOW_MSG.itemAtLeastOne(property.name);
      const keys = Object.keys(property.enumerates ?? {});
      return item.normalEnums.every((key) => keys.includes(key)) ? null : FLOW_MSG.itemNotInEnum(property.name);
    }
    default: {
      if (!NUMERIC_TYPES.includes(property.dataTypeId)) return null;
      if (item.intervalNumber === INTERVAL.range) {
        const low = checkNumber(property, item.normalValue) ?? checkNumber(property, item.normalValueMax);
        if (low) return low;
        return Number(item.normalValue) < Number(item.normalValueMax) ? null : FLOW_MSG.itemRangeOrder(property.name);
      }
      return checkNumber(property, item.normalValue);
    }
  }
}

/** The manual check rows (seed 001 §5): not empty, 2 to 12 characters; 1-based row numbers. */
export function checkManualItems(rows: readonly string[]): string | null {
  for (const [index, row] of rows.entries()) {
    const text = row.trim();
    if (text === '') return FLOW_MSG.manualEmpty(index + 1);
    if (text.length < FLOW_LIMITS.manualMin) return FLOW_MSG.manualTooShort(index + 1);
    if (text.length > FLOW_LIMITS.manualMax) return FLOW_MSG.manualTooLong(index + 1);
  }
  return null;
}

/**
 * The codes a station scans at a flow (seed 001 §2): the production code always,
 * the SN on an overall check, and MAC or IMEI (by communication) when the flow binds it.
 */
export function scanCodesOf(flow: { flowType: FlowType; bindMac: boolean }, communicationId: string): string[] {
  const codes = ['生产码'];
  if (flow.flowType === 'OVERALL_CHECK') codes.push('SN码');
  if (flow.bindMac) codes.push(IMEI_COMMUNICATIONS.includes(communicationId) ? 'IMEI' : 'MAC');
  return codes;
}

/** POST /api/flow/changePosition (JSON): the two flows swap places. */
export const flowSwapBody = z.object({ fromId: idField, toId: idField });
/** POST /api/flow/insertPosition (form): `middle` moves between `left` and `right` (either empty at an end). */
export const flowInsertBody = z.object({ left: optionalId, middle: idField, right: optionalId });

/** GET /api/flow/list?productId, GET /api/flow/detail?productId&flowId */
export const flowListQuery = z.object({ productId: idField });
export const flowDetailQuery = z.object({ productId: idField, flowId: idField });

export const flowItem = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  dataTypeId: z.enum(DATA_TYPES),
  unitName: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  length: z.number().int().nullable(),
  trueValue: z.string().nullable(),
  falseValue: z.string().nullable(),
  enumerates: z.record(z.string(), z.string()).nullable(),
  intervalNumber: z.number().int(),
  normalValue: z.string(),
  normalValueMax: z.string(),
  normalStr: z.string(),
  normalBoolean: z.number().int().nullable(),
  normalEnums: z.array(z.string()),
});
export type FlowItem = z.infer<typeof flowItem>;

export const flow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  /** 1-based position */
  order: z.number().int(),
  preId: z.number().int().nullable(),
  prevId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
  bindMac: z.boolean(),
  /** false when a property it checks changed after the flow was saved */
  normal: z.boolean(),
  show: z.boolean(),
  flowType: z.enum(FLOW_TYPES),
  scanCodes: z.array(z.string()),
  pdfFileName: z.string().nullable(),
  pdfDownloadUrl: z.string().nullable(),
  items: z.array(flowItem),
  manualItems: z.array(z.object({ id: z.number().int(), manualValue: z.string() })),
  updateTime: timeText,
});
export type Flow = z.infer<typeof flow>;

/**
 * GET /api/flow/detail: every property of the product as the flow form offers it,
 * `checked` when this flow checks it, with the flow's standard value (empty when not).
 */
export const flowCheckItem = flowItem.extend({ checked: z.boolean() });
export type FlowCheckItem = z.infer<typeof flowCheckItem>;
export const flowDetail = flow.extend({ properties: z.array(flowCheckItem) });
export type FlowDetail = z.infer<typeof flowDetail>;
