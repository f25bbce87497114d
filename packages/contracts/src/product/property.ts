import { z } from 'zod';
import { decimal, idField, positiveId, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG, textTooLong } from '../messages.js';

/** Data type ids are these words (issue 4). */
export const DATA_TYPES = ['boolean', 'int', 'float', 'double', 'string', 'enum', 'url'] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const NUMERIC_TYPES: readonly DataType[] = ['int', 'float', 'double'];

export const PROPERTY_LIMITS = { nameMax: 32, codeMax: 32, descriptionMax: 100, lengthMax: 255 } as const;

/** Enum labels by index; keys are "0", "1", … (seed 001 §4). */
export type Enumerates = Record<string, string>;

/** enumerates arrive as an object or as its JSON text (issue 4). */
export const enumeratesField = z
  .union([z.string(), z.record(z.string(), z.string()), z.null()])
  .optional()
  .transform((value, context): Enumerates | null => {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, label]) => [key, String(label)]));
      }
    } catch {
      // reported below
    }
    context.addIssue({ code: 'custom', message: MSG.enumRequired });
    return z.NEVER;
  });

/** A field the form may send as text or number, at most `max` characters (its column). */
const text = (max: number) =>
  z
    .union([z.string().max(max, textTooLong(max)), z.number(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

const VALUE_WORD = /^[\u4e00-\u9fa5A-Za-z0-9]+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * POST /api/property/add: the common fields, then the fields of the data type, each
 * checked in the order the form checks them so the first message is the same.
 */
export const propertyAddBody = z
  .object({
    productId: idField,
    name: z
      .string({ error: MSG.propertyNameRequired })
      .trim()
      .min(1, MSG.propertyNameRequired)
      .regex(/^[\u4e00-\u9fa5A-Za-z0-9_]{2,32}$/, MSG.propertyNameRule),
    code: z
      .string({ error: MSG.propertyCodeRequired })
      .trim()
      .min(1, MSG.propertyCodeRequired)
      .regex(/^[A-Za-z0-9_]{2,32}$/, MSG.propertyCodeRule),
    dataTypeId: z.enum(DATA_TYPES, { error: MSG.dataTypeRequired }),
    description: z
      .string({ error: MSG.propertyDescriptionRequired })
      .trim()
      .min(1, MSG.propertyDescriptionRequired)
      .max(PROPERTY_LIMITS.descriptionMax, MSG.propertyDescriptionTooLong),
    valueDescription: text(256),
    trueValue: text(32),
    falseValue: text(32),
    min: text(32),
    max: text(32),
    unitId: z
      .union([z.literal(''), z.null(), positiveId()])
      .optional()
      .transform((value) => (value === '' || value === null || value === undefined ? null : value)),
    length: text(16),
    enumerates: enumeratesField,
  })
  .superRefine((body, context) => {
    const fail = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    switch (body.dataTypeId) {
      case 'boolean':
        if (!body.trueValue || !body.falseValue) return fail(MSG.booleanValueRequired, 'trueValue');
        if (body.trueValue === body.falseValue) return fail(MSG.booleanValuesEqual, 'falseValue');
        if (!VALUE_WORD.test(body.trueValue) || !VALUE_WORD.test(body.falseValue)) return fail(MSG.booleanValueRule, 'trueValue');
        return;
      case 'int':
      case 'float':
      case 'double':
        if (body.min === '' || body.max === '') return fail(MSG.rangeRequired, 'min');
        if (!NUMBER_TEXT.test(body.min) || !NUMBER_TEXT.test(body.max)) return fail(MSG.rangeNotNumber, 'min');
        if (body.dataTypeId === 'int' && (!Number.isInteger(Number(body.min)) || !Number.isInteger(Number(body.max)))) {
          return fail(MSG.rangeNotNumber, 'min');
        }
        if (Number(body.min) >= Number(body.max)) return fail(MSG.rangeOrder, 'max');
        return;
      case 'string':
        if (body.length === '') return fail(MSG.lengthRequired, 'length');
        if (!/^[1-9]\d*$/.test(body.length)) return fail(MSG.lengthIrregular, 'length');
        if (Number(body.length) < 1 || Number(body.length) > PROPERTY_LIMITS.lengthMax) return fail(MSG.lengthRange, 'length');
        return;
      case 'enum': {
        const labels = Object.values(body.enumerates ?? {});
        if (labels.length === 0 || labels.some((label) => label.trim() === '')) return fail(MSG.enumRequired, 'enumerates');
        if (labels.some((label) => !VALUE_WORD.test(label.trim()))) return fail(MSG.enumRule, 'enumerates');
        if (new Set(labels.map((label) => label.trim())).size !== labels.length) return fail(MSG.enumDuplicate, 'enumerates');
        return;
      }
      case 'url':
        return;
    }
  });
export type PropertyAddBody = z.input<typeof propertyAddBody>;
export type PropertyFields = z.output<typeof propertyAddBody>;

/** POST /api/property/edit */
export const propertyEditBody = z.intersection(z.object({ id: idField }), propertyAddBody);

/** GET /api/property/exportJson?productId */
export const propertyExportQuery = z.object({ productId: idField });

/** GET /api/property/list */
export const propertyListQuery = pageQuery.extend({
  productId: idField,
  pageSize: decimal(z.number().int().min(0).max(1000).default(5)),
});

export const property = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  code: z.string(),
  dataTypeId: z.enum(DATA_TYPES),
  dataTypeName: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  length: z.number().int().nullable(),
  enumerates: z.record(z.string(), z.string()).nullable(),
  trueValue: z.string().nullable(),
  falseValue: z.string().nullable(),
  description: z.string(),
  valueDescription: z.string().nullable(),
  createTime: timeText,
});
export type Property = z.infer<typeof property>;
