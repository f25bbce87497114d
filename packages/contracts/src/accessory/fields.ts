import { z } from 'zod';
import { hasNul } from '../admin/common.js';
import { MSG, textTooLong } from '../messages.js';

/** Where stored files are served (PATHS.file; not imported: PATHS is read from the endpoints, which read this file). */
const FILE_PREFIX = '/api/file';

/** Sizes and lengths of seed 002 §9. */
export const ACCESSORY_LIMITS = {
  partDescMax: 100,
  /** every image of the catalogue: png or jpg under 500 KB */
  imageMaxBytes: 500 * 1024,
  dtuTypeMax: 32,
  companyMax: 64,
  voltageMax: 16,
  descMax: 64,
  firmwareVersionMax: 32,
  propertyTextMax: 64,
  checkStandardMax: 255,
  valueMax: 64,
  descriptionMax: 100,
  enumItemsMax: 64,
} as const;

/** Content types an image of the catalogue may have (told by its bytes, platform/files.ts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Chinese characters, letters and digits. */
export const WORD_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]+$/;
/** A voltage as typed: digits with at most one dot (5, 3.3, 12.0). */
export const VOLTAGE_PATTERN = /^\d+(\.\d+)?$/;
/** A number as a property's standard or bound: optionally signed, with a fraction. */
export const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * A text the form may send as text or number (a voltage, a standard value), trimmed;
 * missing or null reads as ''. Longer than `max` is refused with the generic text.
 */
export const looseText = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
    .refine((value) => !hasNul(value), MSG.nulCharacter)
    .refine((value) => value.length <= max, textTooLong(max));

/** A required text checked by `pattern` (which carries the length), each failure with its message. */
export const patternText = (required: string, pattern: RegExp, rule: string, max = 255) =>
  looseText(max)
    .refine((value) => value !== '', required)
    .refine((value) => value === '' || pattern.test(value), rule);

/** true/false from JSON, or 'true'/'false'/'1'/'0' from a form; missing is false. */
export const flagField = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0', '']), z.null()])
  .optional()
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1');

/**
 * The URL of a file uploaded through /api/file/upload (`/api/file/<key>`), or null
 * when none; the server looks the key up and refuses an unknown one.
 */
export const fileUrlField = z
  .union([z.string().max(255, textTooLong(255)), z.null()])
  .optional()
  .transform((value) => (value ? value.trim() || null : null))
  .refine((value) => value === null || (value.startsWith(`${FILE_PREFIX}/`) && /^[A-Za-z0-9_-]+$/.test(value.slice(FILE_PREFIX.length + 1))), MSG.invalidInput);

/** The stored-file key of a file URL (`/api/file/<key>` → `<key>`). */
export function fileKeyOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}
