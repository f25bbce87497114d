import { z } from 'zod';
import { decimal, idField, optionalText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { ACCESSORY_MSG as M } from './messages.js';
import { FITTING_TYPES } from './catalogue.js';
import { ACCESSORY_LIMITS, looseText, WORD_PATTERN } from './fields.js';

/** The multipart part that carries a part's image (DESIGN.md §9.6). */
export const PART_IMAGE_FIELD = 'image';

const fittingType = decimal(
  z
    .number({ error: M.fittingTypeRequired })
    .int(M.fittingTypeRequired)
    .refine((value) => FITTING_TYPES.some((type) => type.id === value), M.fittingTypeRequired),
);

const partDesc = looseText(100_000)
  .refine((value) => value !== '', M.partDescRequired)
  .refine((value) => value === '' || WORD_PATTERN.test(value), M.partDescRule)
  .refine((value) => value.length <= ACCESSORY_LIMITS.partDescMax, M.partDescTooLong);

/**
 * POST /api/fitting/add: the text fields of the multipart form (seed 002 §7); the
 * image, png or jpg under 500 KB, is the part `image` and required on add.
 */
export const fittingAddFields = z.object({ fittingType, partDesc });
export type FittingAddFields = z.input<typeof fittingAddFields>;
/** POST /api/fitting/edit: as add, with the id; without an image the current one stays. */
export const fittingEditFields = fittingAddFields.extend({ id: idField });

/** GET /api/fitting/list: every part by default (pageSize 0, seed 002 §9). */
export const fittingListQuery = pageQuery.extend({
  fittingType: z
    .union([z.literal(''), decimal(z.number().int().min(1).max(1000))])
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : value)),
  /** description, contains */
  partDesc: optionalText,
  pageSize: decimal(z.number().int().min(0).max(1000).default(0)),
});

export const fitting = z.object({
  id: z.number().int(),
  fittingType: z.number().int(),
  fittingTypeName: z.string(),
  partDesc: z.string(),
  partImageUrl: z.string(),
  /** 1 listed; a deleted part is kept (−1) for the history of its DTUs */
  status: z.number().int(),
  /** enabled DTU models of the part */
  dtuCount: z.number().int(),
  createTime: timeText,
});
export type Fitting = z.infer<typeof fitting>;
