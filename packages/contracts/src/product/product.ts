import { z } from 'zod';
import { decimal, idField, optionalId, positiveId, requiredText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';

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
