import { z } from 'zod';
import { decimal, idField, statusField, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG, textTooLong } from '../messages.js';
import { ACCESSORY_MSG as M } from './messages.js';
import { DTU_DATA_TYPE_CODES, DTU_NUMERIC_TYPES, DTU_UNIQUE_TYPES, VERIFY_RULES } from './catalogue.js';
import { ACCESSORY_LIMITS, flagField, looseText, NUMBER_PATTERN, WORD_PATTERN } from './fields.js';

/** Enum labels by index ("0", "1", …), as the product properties keep them. */
export type EnumMap = Record<string, string>;

const verifyRule = z.enum(VERIFY_RULES, { error: M.verifyRuleRequired });
const optionalVerifyRule = z
  .union([z.enum(VERIFY_RULES), z.literal(''), z.null()])
  .optional()
  .transform((value) => value || null);

/** GET …/list of a DTU's properties: 5 a page by default (seed 002 §9). */
export const dtuPropertyListQuery = pageQuery.extend({
  dtuId: idField,
  pageSize: decimal(z.number().int().min(0).max(1000).default(5)),
});
/** POST …/changeStatus: 1 opens testing, 0 stops it. */
export const dtuPropertyStatusBody = z.object({ id: idField, status: statusField });

/**
 * POST /api/serialProperty/add (form): a value from the serial catalogue of the
 * DTU's communication type (its code; the name is the catalogue's), checked against
 * one standard (EQUAL) or a range (RANGE). Only bluetooth DTUs have serial properties.
 */
export const serialPropertyAddBody = z
  .object({
    dtuId: idField,
    code: looseText(ACCESSORY_LIMITS.propertyTextMax).refine((value) => value !== '', M.serialPropertyRequired),
    verifyRule,
    aimValue: looseText(ACCESSORY_LIMITS.valueMax),
    minValue: looseText(ACCESSORY_LIMITS.valueMax),
    maxValue: looseText(ACCESSORY_LIMITS.valueMax),
  })
  .superRefine((body, context) => {
    const fail = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (body.verifyRule === 'EQUAL') {
      if (!body.aimValue) fail(M.serialAimRequired, 'aimValue');
      return;
    }
    if (!body.minValue) return fail(M.serialMinRequired, 'minValue');
    if (!NUMBER_PATTERN.test(body.minValue)) return fail(M.serialMinNumber, 'minValue');
    if (!body.maxValue) return fail(M.serialMaxRequired, 'maxValue');
    if (!NUMBER_PATTERN.test(body.maxValue)) return fail(M.serialMaxNumber, 'maxValue');
    if (Number(body.minValue) >= Number(body.maxValue)) return fail(M.serialMinOrder, 'minValue');
  })
  // Only what the mode uses is kept: a switched mode leaves no stale bound behind (seed 002 §4).
  .transform((body) =>
    body.verifyRule === 'EQUAL'
      ? { ...body, minValue: null, maxValue: null }
      : { ...body, aimValue: null, minValue: body.minValue, maxValue: body.maxValue },
  );
export type SerialPropertyAddBody = z.input<typeof serialPropertyAddBody>;
export type SerialPropertyFields = z.output<typeof serialPropertyAddBody>;
export const serialPropertyEditBody = z.intersection(z.object({ id: idField }), serialPropertyAddBody);

/** An enum map as an object or its JSON text; null when empty or missing. */
const enumMapField = z
  .union([z.string().max(10_000, textTooLong(10_000)), z.record(z.string(), z.union([z.string(), z.number()])), z.null()])
  .optional()
  .transform((value, context): EnumMap | null => {
    if (value === null || value === undefined || value === '') return null;
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: M.enumItemEmpty });
        return z.NEVER;
      }
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      context.addIssue({ code: 'custom', message: M.enumItemEmpty });
      return z.NEVER;
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.some(([, label]) => typeof label !== 'string' && typeof label !== 'number')) {
      context.addIssue({ code: 'custom', message: M.enumItemEmpty });
      return z.NEVER;
    }
    return Object.fromEntries(entries.map(([key, label]) => [key, String(label).trim()]));
  });

const aimBoolean = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1', '']), z.null()], { error: M.booleanAimRequired })
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? null : (Number(value) as 0 | 1)));

/**
 * POST /api/autoProperty/add (form): a value the DTU reports (name, code, data
 * type), with its standard by type (seed 002 §5). Each rule is checked in the
 * form's order so the first message is the same; a `unique` value needs no
 * standard (any value passes unless another unit holds it).
 */
export const autoPropertyAddBody = z
  .object({
    dtuId: idField,
    name: looseText(255)
      .refine((value) => value !== '', MSG.propertyNameRequired)
      .refine((value) => value === '' || /^[\u4e00-\u9fa5A-Za-z0-9_]{2,32}$/.test(value), MSG.propertyNameRule),
    code: looseText(255)
      .refine((value) => value !== '', MSG.propertyCodeRequired)
      .refine((value) => value === '' || /^[A-Za-z0-9_]{2,32}$/.test(value), MSG.propertyCodeRule),
    dataType: z.enum(DTU_DATA_TYPE_CODES, { error: MSG.dataTypeRequired }),
    verifyRule: optionalVerifyRule,
    aimValue: looseText(ACCESSORY_LIMITS.valueMax),
    minValue: looseText(ACCESSORY_LIMITS.valueMax),
    maxValue: looseText(ACCESSORY_LIMITS.valueMax),
    unique: flagField,
    trueValue: looseText(32),
    falseValue: looseText(32),
    aimBooleanValue: aimBoolean,
    enumMap: enumMapField,
    aimEnumMap: enumMapField,
    description: looseText(ACCESSORY_LIMITS.descriptionMax * 10).refine(
      (value) => value.length <= ACCESSORY_LIMITS.descriptionMax,
      M.autoDescriptionTooLong,
    ),
  })
  .superRefine((body, context) => {
    const fail = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (body.unique && !DTU_UNIQUE_TYPES.includes(body.dataType)) return fail(M.uniqueNotOffered, 'unique');
    if (DTU_NUMERIC_TYPES.includes(body.dataType)) {
      if (body.unique) return;
      const isNumber = (text: string) => NUMBER_PATTERN.test(text) && (body.dataType !== 'int' || Number.isInteger(Number(text)));
      if (body.verifyRule === 'RANGE') {
        if (!body.minValue || !body.maxValue) return fail(MSG.rangeRequired, 'minValue');
        if (!isNumber(body.minValue) || !isNumber(body.maxValue)) return fail(MSG.rangeNotNumber, 'minValue');
        if (Number(body.minValue) >= Number(body.maxValue)) return fail(MSG.rangeOrder, 'maxValue');
        return;
      }
      if (!body.aimValue) return fail(M.aimRequired, 'aimValue');
      if (!isNumber(body.aimValue)) return fail(M.aimNotNumber, 'aimValue');
      return;
    }
    switch (body.dataType) {
      case 'boolean':
        if (!body.trueValue || !body.falseValue) return fail(MSG.booleanValueRequired, 'trueValue');
        if (body.trueValue === body.falseValue) return fail(MSG.booleanValuesEqual, 'falseValue');
        if (!WORD_PATTERN.test(body.trueValue) || !WORD_PATTERN.test(body.falseValue)) return fail(MSG.booleanValueRule, 'trueValue');
        if (body.aimBooleanValue === null) return fail(M.booleanAimRequired, 'aimBooleanValue');
        return;
      case 'string':
        if (!body.unique && !body.aimValue) return fail(M.stringAimRequired, 'aimValue');
        return;
      case 'enum': {
        const labels = Object.values(body.enumMap ?? {});
        if (labels.length === 0) return fail(MSG.enumRequired, 'enumMap');
        if (labels.length > ACCESSORY_LIMITS.enumItemsMax) return fail(textTooLong(ACCESSORY_LIMITS.enumItemsMax), 'enumMap');
        if (labels.some((label) => label === '')) return fail(M.enumItemEmpty, 'enumMap');
        if (labels.some((label) => !WORD_PATTERN.test(label) || label.length > 32)) return fail(MSG.enumRule, 'enumMap');
        if (new Set(labels).size !== labels.length) return fail(MSG.enumDuplicate, 'enumMap');
        const aims = Object.entries(body.aimEnumMap ?? {});
        if (aims.length === 0) return fail(M.enumAimRequired, 'aimEnumMap');
        if (aims.some(([key, label]) => body.enumMap?.[key] !== label)) return fail(M.enumAimUnknown, 'aimEnumMap');
        return;
      }
    }
  })
  // Only what the type (and mode) uses is kept, so a changed type leaves nothing stale (seed 002 §4).
  .transform((body) => {
    const numeric = DTU_NUMERIC_TYPES.includes(body.dataType);
    const range = numeric && !body.unique && body.verifyRule === 'RANGE';
    return {
      dtuId: body.dtuId,
      name: body.name,
      code: body.code,
      dataType: body.dataType,
      unique: body.unique,
      verifyRule: numeric ? (body.unique ? null : range ? ('RANGE' as const) : ('EQUAL' as const)) : body.unique ? null : ('EQUAL' as const),
      aimValue: (numeric && !range && !body.unique) || (body.dataType === 'string' && !body.unique) ? body.aimValue : null,
      minValue: range ? body.minValue : null,
      maxValue: range ? body.maxValue : null,
      trueValue: body.dataType === 'boolean' ? body.trueValue : null,
      falseValue: body.dataType === 'boolean' ? body.falseValue : null,
      aimBooleanValue: body.dataType === 'boolean' ? body.aimBooleanValue : null,
      enumMap: body.dataType === 'enum' ? body.enumMap : null,
      aimEnumMap: body.dataType === 'enum' ? body.aimEnumMap : null,
      description: body.description || null,
    };
  });
export type AutoPropertyAddBody = z.input<typeof autoPropertyAddBody>;
export type AutoPropertyFields = z.output<typeof autoPropertyAddBody>;
export const autoPropertyEditBody = z.intersection(z.object({ id: idField }), autoPropertyAddBody);

const otherText = (required: string, max: number) =>
  looseText(max * 10)
    .refine((value) => value !== '', required)
    .refine((value) => value.length <= max, textTooLong(max));

/** POST /api/otherProperty/add (form): a check people do on the samples of a batch; it fills the report's basic checks. */
export const otherPropertyAddBody = z.object({
  dtuId: idField,
  category: otherText(M.otherCategoryRequired, ACCESSORY_LIMITS.propertyTextMax),
  property: otherText(M.otherPropertyRequired, ACCESSORY_LIMITS.propertyTextMax),
  checkTool: otherText(M.otherCheckToolRequired, ACCESSORY_LIMITS.propertyTextMax),
  checkStandard: otherText(M.otherCheckStandardRequired, ACCESSORY_LIMITS.checkStandardMax),
});
export type OtherPropertyAddBody = z.input<typeof otherPropertyAddBody>;
export type OtherPropertyFields = z.output<typeof otherPropertyAddBody>;
export const otherPropertyEditBody = otherPropertyAddBody.extend({ id: idField });

/** 0 not tested, 1 tested (only status 1 is tested at a station). */
const propertyStatus = z.number().int();

export const serialProperty = z.object({
  id: z.number().int(),
  dtuId: z.number().int(),
  name: z.string(),
  code: z.string(),
  verifyRule: z.enum(VERIFY_RULES),
  aimValue: z.string().nullable(),
  minValue: z.string().nullable(),
  maxValue: z.string().nullable(),
  unit: z.string().nullable(),
  status: propertyStatus,
  createTime: timeText,
});
export type SerialProperty = z.infer<typeof serialProperty>;

export const autoProperty = z.object({
  id: z.number().int(),
  dtuId: z.number().int(),
  name: z.string(),
  code: z.string(),
  dataType: z.enum(DTU_DATA_TYPE_CODES),
  dataTypeName: z.string(),
  verifyRule: z.enum(VERIFY_RULES).nullable(),
  aimValue: z.string().nullable(),
  minValue: z.string().nullable(),
  maxValue: z.string().nullable(),
  unique: z.boolean(),
  trueValue: z.string().nullable(),
  falseValue: z.string().nullable(),
  aimBooleanValue: z.number().int().nullable(),
  enumMap: z.record(z.string(), z.string()).nullable(),
  aimEnumMap: z.record(z.string(), z.string()).nullable(),
  description: z.string().nullable(),
  status: propertyStatus,
  createTime: timeText,
});
export type AutoProperty = z.infer<typeof autoProperty>;

export const otherProperty = z.object({
  id: z.number().int(),
  dtuId: z.number().int(),
  category: z.string(),
  property: z.string(),
  checkTool: z.string(),
  checkStandard: z.string(),
  status: propertyStatus,
  createTime: timeText,
});
export type OtherProperty = z.infer<typeof otherProperty>;

/** GET /api/dtuProperty/serialTypes and autoTypes: the catalogue of a communication type (none for a DTU without networking). */
export const catalogueQuery = z.object({
  communicationTypeCode: z
    .union([z.string().max(32, textTooLong(32)), z.null()])
    .optional()
    .transform((value) => (value ? value.trim() || null : null)),
});
export const catalogueOption = z.object({
  code: z.string(),
  name: z.string(),
  verifyRules: z.array(z.enum(VERIFY_RULES)),
  dataType: z.enum(DTU_DATA_TYPE_CODES),
  unique: z.boolean(),
  unit: z.string().nullable(),
  description: z.string(),
});
export type CatalogueOption = z.infer<typeof catalogueOption>;
export const codeName = z.object({ code: z.string(), name: z.string() });
export const communicationTypeOption = codeName.extend({ identity: z.enum(['IMEI', 'MAC']) });
