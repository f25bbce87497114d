import { z } from 'zod';
import { decimal, idField, optionalText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { ACCESSORY_MSG as M } from './messages.js';
import { COMMUNICATION_TYPE_CODES } from './catalogue.js';
import { ACCESSORY_LIMITS, patternText, VOLTAGE_PATTERN } from './fields.js';
import { MODULE_MODEL_PATTERN } from './dtu.js';

/** The multipart parts of a module's calls (seed 002 §7, DESIGN.md §9.6). */
export const MODULE_PARAM_FIELD = 'communicationPartParam';
export const MODULE_IMAGE_FIELD = 'modelImage';
export const MODULE_DTU_FILE_FIELDS = ['bomListFile', 'productFile', 'otherRequestFile'] as const;
export type ModuleDtuFileField = (typeof MODULE_DTU_FILE_FIELDS)[number];

const COMPANY_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]{4,64}$/;
const DTU_TYPE_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * POST /api/communication/add: the JSON part `communicationPartParam` (sent as a
 * text field or as a JSON file part) and an optional image `modelImage`, png or jpg
 * under 500 KB.
 */
export const communicationPartParam = z.object({
  modelType: patternText(M.moduleModelRequired, MODULE_MODEL_PATTERN, M.moduleModelRule),
  communicationType: z.enum(COMMUNICATION_TYPE_CODES, { error: M.moduleTypeRequired }),
  standardVoltage: patternText(M.voltageRequired, VOLTAGE_PATTERN, M.voltageRule, ACCESSORY_LIMITS.voltageMax),
  productCompany: patternText(M.companyRequired, COMPANY_PATTERN, M.companyRule),
});
export type CommunicationPartParam = z.input<typeof communicationPartParam>;
/** POST /api/communication/edit: the same part with the id; without an image the current one stays. */
export const communicationEditParam = communicationPartParam.extend({ id: idField });

/** GET /api/communication/list: every module by default (seed 002 §9). */
export const communicationListQuery = pageQuery.extend({
  communicationType: z
    .union([z.enum(COMMUNICATION_TYPE_CODES), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  /** model, contains */
  modelType: optionalText,
  pageSize: decimal(z.number().int().min(0).max(1000).default(0)),
});

export const communicationModule = z.object({
  id: z.number().int(),
  modelType: z.string(),
  communicationType: z.string(),
  communicationTypeName: z.string(),
  standardVoltage: z.string(),
  productCompany: z.string(),
  modelImageUrl: z.string().nullable(),
  /** enabled DTUs of the module */
  dtuCount: z.number().int(),
  createTime: timeText,
});
export type CommunicationModule = z.infer<typeof communicationModule>;

/**
 * POST /api/communication/dtuAdd: text fields of the multipart form; the three
 * files `bomListFile`, `productFile`, `otherRequestFile` are required on add and
 * optional on edit (a file sent replaces the one kept).
 */
export const moduleDtuAddFields = z.object({
  communicationPartId: idField,
  dtuType: patternText(M.dtuTypeRequired, DTU_TYPE_PATTERN, M.moduleDtuTypeRule).refine(
    (value) => value.length <= ACCESSORY_LIMITS.dtuTypeMax,
    M.dtuTypeTooLong,
  ),
});
export type ModuleDtuAddFields = z.input<typeof moduleDtuAddFields>;
/** POST /api/communication/dtuEdit */
export const moduleDtuEditFields = z.object({ id: idField, dtuType: moduleDtuAddFields.shape.dtuType });

/** GET /api/communication/dtuList: the enabled DTUs of one module. */
export const moduleDtuListQuery = pageQuery.extend({
  communicationPartId: idField,
  /** model, contains */
  dtuType: optionalText,
});
