import '../zod-jitless.js';
import { z } from 'zod';
import { MSG, textTooLong } from '../messages.js';

/** The largest id a column holds (32-bit integer on PostgreSQL); past it the database, not validation, would refuse. */
export const MAX_ID = 2_147_483_647;

/** No column can hold a NUL byte (PostgreSQL refuses it), so no text field accepts one. */
export const hasNul = (value: string) => value.includes('\u0000');

/**
 * What a form or query string may send for a number: decimal digits, optionally signed
 * and with a fraction. Anything else (true, [[1]], "0x10", null, "   ") is not coerced
 * and fails the number check, where `z.coerce` would turn it into 1, 16 or 0. An empty
 * field is a missing one, so defaults and "required" messages apply.
 */
const DECIMAL = /^-?\d{1,16}(\.\d{1,16})?$/;
export function fromDecimalText(value: unknown): unknown {
  if (value === '') return undefined;
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  return value;
}

/** A number from JSON, a form or a query string: the schema's checks run on the decimal value. */
export const decimal = <T extends z.ZodType>(schema: T) => z.preprocess(fromDecimalText, schema);

/** A whole number from JSON, a form or a query string, with the message for every failure. */
export const intField = (message: string = MSG.numberRule, range: { min?: number; max?: number } = {}) =>
  decimal(
    z
      .number({ error: message })
      .int(message)
      .min(range.min ?? -MAX_ID, message)
      .max(range.max ?? MAX_ID, message),
  );

/** A positive id within the column's range. */
export const positiveId = (message: string = MSG.idRequired) => intField(message, { min: 1 });

/** A required text field: trimmed, with the specification's "required" message for empty or missing. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .refine((value) => !hasNul(value), MSG.nulCharacter)
    .trim()
    .min(1, message)
    .max(max, textTooLong(max));

/** A text at most `max` characters long (its column), without NUL. */
export const text = (max: number) =>
  z
    .string()
    .refine((value) => !hasNul(value), MSG.nulCharacter)
    .max(max, textTooLong(max));

/** A numeric id from JSON, a form or a query string. */
export const idField = positiveId();

/** Status 0 (停用) or 1 (启用), from JSON, a form or a query string. */
// An empty form field must not coerce to 0 (停用): it is a missing status (fromDecimalText).
export const statusField = decimal(
  z
    .number({ error: MSG.statusRule })
    .refine((value) => value === 0 || value === 1, MSG.statusRule)
    .transform((value) => value as 0 | 1),
);

export const optionalStatusFilter = z
  .union([z.literal(''), statusField])
  .optional()
  .transform((value) => (value === '' || value === undefined ? undefined : value));

export const idBody = z.object({ id: idField });
export const idQuery = z.object({ id: idField });
export const statusBody = z.object({ id: idField, status: statusField });

/** Chinese characters, letters, digits and underscore (line and role names). */
export const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]{2,12}$/;
/** Letters, digits and underscore (line codes). */
export const CODE_PATTERN = /^[A-Za-z0-9_]{2,12}$/;

/** `YYYY-MM-DD HH:mm:ss` in the factory's time zone. */
export const timeText = z.string();

/** An optional text filter: empty means "no filter". */
export const optionalText = z
  .string()
  .refine((value) => !hasNul(value), MSG.nulCharacter)
  .max(255, textTooLong(255))
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const optionalId = z
  .union([z.literal(''), positiveId()])
  .optional()
  .transform((value) => (value === '' || value === undefined ? undefined : value));
