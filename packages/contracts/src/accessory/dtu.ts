import { z } from 'zod';
import { decimal, idField, optionalText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MAX_ID } from '../admin/common.js';
import { ACCESSORY_MSG as M } from './messages.js';
import { COMMUNICATION_TYPE_CODES, OTHER_COMMUNICATION } from './catalogue.js';
import { ACCESSORY_LIMITS, fileUrlField, flagField, looseText, patternText, VOLTAGE_PATTERN, WORD_PATTERN } from './fields.js';

/** Module models: 4–18 Chinese characters, letters, digits and underscore (seed 002 §5). */
export const MODULE_MODEL_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]{4,18}$/;
/** A test firmware version: letters, digits, dot, underscore and hyphen (the DTU form checks it too). */
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Baud rate: required, a number, above 0 (seed 002 §5), each with its message. */
const bandRate = z
  .unknown()
  .transform((value, context): number => {
    if (value === undefined || value === null || value === '') {
      context.addIssue({ code: 'custom', message: M.bandRateRequired });
      return z.NEVER;
    }
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,10}(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(number) || !Number.isInteger(number) || Math.abs(number) > MAX_ID) {
      context.addIssue({ code: 'custom', message: M.bandRateNumber });
      return z.NEVER;
    }
    if (number <= 0) {
      context.addIssue({ code: 'custom', message: M.bandRatePositive });
      return z.NEVER;
    }
    return number;
  });

/**
 * POST /api/dtu/add (JSON, the parts screen): the model, its module, power and
 * serial line, networking, and the URLs of its files and images (uploaded first
 * through /api/file/upload). Without networking the method is sent null and its
 * description empty (seed 002 §5); the schema makes it so whatever is sent.
 */
export const dtuAddBody = z
  .object({
    fittingId: idField,
    dtuType: patternText(M.dtuTypeRequired, WORD_PATTERN, M.dtuTypeRule).refine(
      (value) => value.length <= ACCESSORY_LIMITS.dtuTypeMax,
      M.dtuTypeTooLong,
    ),
    modelType: patternText(M.modelTypeRequired, MODULE_MODEL_PATTERN, M.modelTypeRule),
    productCompany: patternText(M.productCompanyRequired, WORD_PATTERN, M.productCompanyRule).refine(
      (value) => value.length <= ACCESSORY_LIMITS.companyMax,
      M.productCompanyTooLong,
    ),
    standardVoltage: patternText(M.standardVoltageRequired, VOLTAGE_PATTERN, M.standardVoltageRule, ACCESSORY_LIMITS.voltageMax),
    bandRate,
    connectInternet: flagField,
    communicationType: z
      .union([z.enum(COMMUNICATION_TYPE_CODES), z.literal(''), z.null()], { error: M.communicationTypeRequired })
      .optional()
      .transform((value) => value || null),
    communicationTypeDesc: looseText(ACCESSORY_LIMITS.descMax),
    testFirmwareVersion: looseText(ACCESSORY_LIMITS.firmwareVersionMax),
    testFirmwareUrl: fileUrlField,
    productFileUrl: fileUrlField,
    bomListFileUrl: fileUrlField,
    otherRequestFileUrl: fileUrlField,
    frontImageUrl: fileUrlField,
    backImageUrl: fileUrlField,
  })
  .superRefine((body, context) => {
    const fail = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (body.connectInternet && !body.communicationType) return fail(M.communicationTypeRequired, 'communicationType');
    if (body.connectInternet && body.communicationType === OTHER_COMMUNICATION) {
      if (!body.communicationTypeDesc) return fail(M.communicationTypeDescRequired, 'communicationTypeDesc');
      if (!WORD_PATTERN.test(body.communicationTypeDesc)) return fail(M.communicationTypeDescRule, 'communicationTypeDesc');
    }
    if (body.testFirmwareUrl && !body.testFirmwareVersion) return fail(M.firmwareVersionRequired, 'testFirmwareVersion');
    if (body.testFirmwareVersion && !FIRMWARE_VERSION_PATTERN.test(body.testFirmwareVersion)) {
      return fail(M.firmwareVersionRule, 'testFirmwareVersion');
    }
    if (!body.frontImageUrl) return fail(M.frontImageRequired, 'frontImageUrl');
    if (!body.backImageUrl) return fail(M.backImageRequired, 'backImageUrl');
  })
  .transform((body) => {
    const networked = body.connectInternet;
    const type = networked ? body.communicationType : null;
    return {
      ...body,
      communicationType: type,
      communicationTypeDesc: type === OTHER_COMMUNICATION ? body.communicationTypeDesc : '',
      testFirmwareVersion: body.testFirmwareUrl ? body.testFirmwareVersion : body.testFirmwareVersion || '',
    };
  });
export type DtuAddBody = z.input<typeof dtuAddBody>;
export type DtuFields = z.output<typeof dtuAddBody>;

/** POST /api/dtu/edit: as add, with the id (the part stays the DTU's own). */
export const dtuEditBody = z.intersection(z.object({ id: idField }), dtuAddBody);

/** GET /api/dtu/list: the enabled DTUs of a part, all of them by default (seed 002 §9). */
export const dtuListQuery = pageQuery.extend({
  fittingId: idField,
  communicationType: z
    .union([z.enum(COMMUNICATION_TYPE_CODES), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  /** model, contains */
  dtuType: optionalText,
  pageSize: decimal(z.number().int().min(0).max(1000).default(0)),
});

/** A DTU model, of a part (fittingId) or of a communication module (communicationPartId). */
export const dtu = z.object({
  id: z.number().int(),
  fittingId: z.number().int().nullable(),
  /** the part's type (1 = DTU), for the archive text and the task pages' links */
  fittingType: z.number().int().nullable(),
  communicationPartId: z.number().int().nullable(),
  dtuType: z.string(),
  modelType: z.string(),
  productCompany: z.string(),
  standardVoltage: z.string(),
  bandRate: z.number().int().nullable(),
  connectInternet: z.boolean(),
  communicationType: z.string().nullable(),
  /** the method's name (蓝牙, 海容三合一 …), or the description typed for `other` */
  communicationTypeDesc: z.string(),
  testFirmwareVersion: z.string(),
  testFirmwareUrl: z.string().nullable(),
  testFirmwareFileName: z.string().nullable(),
  productFileUrl: z.string().nullable(),
  productFileOriginName: z.string().nullable(),
  bomListFileUrl: z.string().nullable(),
  bomListOriginName: z.string().nullable(),
  otherRequestFileUrl: z.string().nullable(),
  otherRequestFileOriginName: z.string().nullable(),
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  /** 1 enabled, −1 archived */
  status: z.number().int(),
  createTime: timeText,
});
export type Dtu = z.infer<typeof dtu>;

export const DTU_STATUS = { enabled: 1, archived: -1 } as const;
