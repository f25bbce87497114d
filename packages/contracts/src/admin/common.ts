import { z } from 'zod';
import { MSG } from '../messages.js';

/** A required text field: trimmed, with the specification's "required" message for empty or missing. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** A numeric id from JSON, a form or a query string. */
export const idField = z.coerce
  .number({ error: MSG.idRequired })
  .int(MSG.idRequired)
  .positive(MSG.idRequired);

/** Status 0 (停用) or 1 (启用), from JSON, a form or a query string. */
export const statusField = z.preprocess(
  // An empty form field must not coerce to 0 (停用): it is a missing status.
  (value) => (value === '' ? undefined : value),
  z.coerce
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
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const optionalId = z
  .union([z.literal(''), z.coerce.number().int().positive()])
  .optional()
  .transform((value) => (value === '' || value === undefined ? undefined : value));
