import { z } from 'zod';
import { decimal, idField, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';

export const FIRMWARE_TYPES = ['TEST', 'BUSINESS'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];
export const FIRMWARE_TYPE_NAMES: Record<FirmwareType, string> = { TEST: '产测固件', BUSINESS: '业务固件' };
export const FIRMWARE_STATUSES = ['USE', 'STOP'] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];
export const FIRMWARE_STATUS_NAMES: Record<FirmwareStatus, string> = { USE: '使用中', STOP: '停用' };
/** Firmware files may be larger than documents. */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;

const firmwareType = z.enum(FIRMWARE_TYPES, { error: MSG.firmwareTypeRule });

/** POST /api/firmware/add?productId&type&version&description, file part `data`. */
export const firmwareAddQuery = z.object({
  productId: idField,
  type: firmwareType,
  version: z.string({ error: MSG.firmwareVersionRequired }).trim().min(1, MSG.firmwareVersionRequired).max(64),
  description: z.string({ error: MSG.firmwareDescriptionRequired }).trim().min(1, MSG.firmwareDescriptionRequired).max(200),
});
/** POST /api/firmware/edit?id&version&description, optional file part `data`. */
export const firmwareEditQuery = z.object({
  id: idField,
  version: firmwareAddQuery.shape.version,
  description: firmwareAddQuery.shape.description,
});

/** GET /api/firmware/list */
export const firmwareListQuery = pageQuery.extend({
  productId: idField,
  type: firmwareType,
  pageSize: decimal(z.number().int().min(0).max(1000).default(5)),
});

export const firmware = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  type: z.enum(FIRMWARE_TYPES),
  versionNumber: z.string(),
  description: z.string(),
  originName: z.string(),
  downloadUrl: z.string(),
  size: z.number().int(),
  status: z.enum(FIRMWARE_STATUSES),
  updateTime: timeText,
});
export type Firmware = z.infer<typeof firmware>;
