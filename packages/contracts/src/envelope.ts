import './zod-jitless.js';
import { z } from 'zod';
import { MAX_ID, decimal } from './admin/common.js';

/** Every answer of /api is this envelope; `code` 1 means success. */
export const SUCCESS_CODE = 1;
export const FAILURE_CODE = 0;

export interface Envelope<T> {
  code: 0 | 1;
  data: T;
  errorMsg: string | null;
}

/** The response schema of a successful call carrying `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(SUCCESS_CODE),
    data,
    errorMsg: z.null(),
  });
}

export const failureEnvelope = z.object({
  code: z.literal(FAILURE_CODE),
  data: z.null(),
  errorMsg: z.string(),
});

/** Paged lists answer `{ list, total, pageSize, pageNum }` (DESIGN.md §3). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageSize: z.number().int(),
    pageNum: z.number().int(),
  });
}

/** The answer of a paged list, as a type. */
export interface Page<T> {
  list: T[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** `page` is 1-based; `pageSize` 0 means "all rows". */
export const pageQuery = z.object({
  page: decimal(z.number().int().min(1).max(MAX_ID).default(1)),
  pageSize: decimal(z.number().int().min(0).max(1000).default(10)),
});
