import { z } from 'zod';
import { decimal, idField, optionalId, positiveId, requiredText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';
import { DEFAULT_AQL, DEFAULT_INSPECTION_LEVEL, INSPECTION_LEVELS, type InspectionLevel, isAql } from '../stock/sampling-plan.js';

export const PUBLISH_STATUSES = ['UNPUBLISH', 'PUBLISH', 'PRODUCTING'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export const PUBLISH_STATUS_NAMES: Record<PublishStatus, string> = {
  UNPUBLISH: '未发布',
  PUBLISH: '已发布',
  PRODUCTING: '生产中',
};

/** communicationId of a product without network (seed 001 §3). */
export const NO_INTERNET = 'noInternet';
/** Communication methods whose devices are identified by IMEI rather than MAC (seed 001 §2). */
export const IMEI_COMMUNICATIONS: readonly string[] = ['2.4G', 'THREE_2_ONE'];

export const PRODUCT_LIMITS = { numberMax: 32, codeMax: 32, descriptionMax: 200, pageSize: 20 } as const;

/** A lookup entry: product type, communication type, data format, data type, unit. */
export const lookupItem = z.object({ id: z.union([z.number().int(), z.string()]), name: z.string() });
export type LookupItem = z.infer<typeof lookupItem>;

const optionalText = z
  .union([z.string().max(32, MSG.communicationRequired), z.null()])
  .optional()
  .transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null));

/** GB/T 2828.1 inspection level of the product's stock batches, one of INSPECTION_LEVELS. */
const inspectionLevelValue = z.enum(INSPECTION_LEVELS, { error: MSG.inspectionLevelRequired });

/** AQL of the product's stock batches: one of the columns of Table 2-A (AQL_VALUES). */
const aqlValue = z.number({ error: MSG.aqlRule }).refine(isAql, MSG.aqlRule);

/** The inspection level on the product form: II when absent (or an empty form field). */
const inspectionLevelField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  inspectionLevelValue.default(DEFAULT_INSPECTION_LEVEL),
);

/**
 * The AQL on the product form, as a JSON number or decimal text ("0.010", "1.0"); 1.0
 * when absent (or an empty form field).
 */
const aqlField = decimal(aqlValue.default(DEFAULT_AQL));

/** How the console names an inspection level: 一般检验水平 II, 特殊检验水平 S-1. */
export function inspectionLevelName(level: InspectionLevel): string {
  return `${level.startsWith('S-') ? '特殊' : '一般'}检验水平 ${level}`;
}

/** An AQL as Table 2-A prints it: 0.010, 0.10, 1.0, 10, 1000. */
export function aqlText(aql: number): string {
  if (aql < 0.1) return aql.toFixed(3);
  if (aql < 1) return aql.toFixed(2);
  if (aql < 10) return aql.toFixed(1);
  return String(aql);
}

/** POST /api/product/create (JSON). */
export const productCreateBody = z
  .object({
    productTypeId: positiveId(MSG.productTypeRequired),
    number: requiredText(MSG.productNumberRequired).regex(/^[\u4e00-\u9fa5A-Za-z0-9_]{4,32}$/, MSG.productNumberRule),
    code: requiredText(MSG.productCodeRequired).regex(/^[A-Za-z0-9_]{4,32}$/, MSG.productCodeRule),
    connectInternet: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
    /** null (or noInternet) when the product has no network */
    communicationId: optionalText,
    dataFormatId: positiveId(MSG.dataFormatRequired),
    description: requiredText(MSG.productDescriptionRequired).max(PRODUCT_LIMITS.descriptionMax, MSG.productDescriptionTooLong),
    /** GB/T 2828.1 inspection level of its stock batches (INSPECTION_LEVELS), default II */
    inspectionLevel: inspectionLevelField,
    /** AQL of its stock batches (AQL_VALUES), default 1.0 */
    aql: aqlField,
  })
  .superRefine((body, context) => {
    if (body.connectInternet && (!body.communicationId || body.communicationId === NO_INTERNET)) {
      context.addIssue({ code: 'custom', path: ['communicationId'], message: MSG.communicationRequired });
    }
  })
  .transform((body) => ({
    ...body,
    communicationId: body.connectInternet ? body.communicationId! : NO_INTERNET,
  }));
export type ProductCreateBody = z.input<typeof productCreateBody>;

/** POST /api/product/edit (JSON). */
export const productEditBody = z.intersection(z.object({ id: idField }), productCreateBody);

/**
 * POST /api/product/editSampling (JSON): the stock sampling settings alone, whatever the
 * product's publish status. Both are required here (no default: a missing one is a
 * mistake, not a reset), with the rules and messages of the product form.
 */
export const productSamplingEditBody = z.object({
  id: idField,
  inspectionLevel: inspectionLevelValue,
  /** a JSON number or decimal text ("0.65") */
  aql: decimal(aqlValue),
});
export type ProductSamplingEditBody = z.input<typeof productSamplingEditBody>;

/** GET /api/product/queryProduct */
export const productQuery = pageQuery.extend({
  productTypeId: optionalId,
  publishStatus: z
    .union([z.literal(''), z.enum(PUBLISH_STATUSES)])
    .optional()
    .transform((value) => (value ? value : undefined)),
  pageSize: decimal(z.number().int().min(0).max(1000).default(PRODUCT_LIMITS.pageSize)),
});

export const product = z.object({
  id: z.number().int(),
  productTypeId: z.number().int(),
  productTypeName: z.string(),
  number: z.string(),
  code: z.string(),
  connectInternet: z.boolean(),
  communicationId: z.string(),
  communicationName: z.string(),
  dataFormatId: z.number().int(),
  dataFormatName: z.string(),
  description: z.string(),
  /** GB/T 2828.1 inspection level of its stock batches */
  inspectionLevel: z.enum(INSPECTION_LEVELS),
  /** AQL of its stock batches, one of AQL_VALUES */
  aql: z.number(),
  publishStatus: z.enum(PUBLISH_STATUSES),
  createTime: timeText,
  publishTime: timeText.nullable(),
  flowCount: z.number().int(),
  propertyCount: z.number().int(),
});
export type Product = z.infer<typeof product>;

export const productPage = z.object({
  list: z.array(product),
  total: z.number().int(),
  pageSize: z.number().int(),
  pageNum: z.number().int(),
  /** counts of the type filter, whatever the status filter */
  producingCount: z.number().int(),
  unPublishCount: z.number().int(),
  publishCount: z.number().int(),
});
export type ProductPage = z.infer<typeof productPage>;
