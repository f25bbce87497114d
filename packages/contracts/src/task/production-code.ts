import { z } from 'zod';
import { idField, intField, optionalText } from '../admin/common.js';
import { MSG } from '../messages.js';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;

/** GET /api/task/exportDeviceId?taskId&fileName&format: the production codes as a spreadsheet. */
export const exportCodesQuery = z.object({
  taskId: idField,
  /** the download's name without extension; default `<model>_生产编码_<taskId>` */
  fileName: optionalText,
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
});

/**
 * The print view's codes a page at a time (issue 19: the whole task in one answer, 100,000 codes with their
 * image addresses, held the server 230 ms and the browser longer). A few thousand a page: one index range, a
 * few ms, about 12 bytes a code.
 */
export const QR_CODE_PAGE = { size: 2_000, max: 5_000 } as const;

/**
 * GET /api/task/exportQrCodeUrls?taskId&afterSequence&pageSize: the task's codes in label order, `pageSize` of
 * them after the code numbered `afterSequence` (a page's `nextAfter`; 0 or absent: from the first).
 */
export const qrCodeUrlsQuery = z.object({
  taskId: idField,
  afterSequence: intField(MSG.numberRule, { min: 0 }).default(0),
  pageSize: intField(MSG.numberRule, { min: 1, max: QR_CODE_PAGE.max }).default(QR_CODE_PAGE.size),
});
export const qrCodeUrls = z.object({
  /** how many codes the task has (numbered 1..total, gap-free) */
  total: z.number().int(),
  /** this page's codes in label order; each label's image is `qrImagePath(code)` */
  codes: z.array(z.string()),
  /** `afterSequence` of the next page; null after the last */
  nextAfter: z.number().int().nullable(),
});
export type QrCodePage = z.infer<typeof qrCodeUrls>;

/** GET `${PRODUCTION_CODE_QR_PATH}/<code>.png`: a code's QR label image (public, like files); PATHS.productionCodeQr. */
export const PRODUCTION_CODE_QR_PATH = '/api/productionCode/qr';

/**
 * A code's QR label image, relative to the console's origin: the answer above
 * sends codes only and the console makes each address by this rule, the one the server serves.
 */
export const qrImagePath = (code: string) => `${PRODUCTION_CODE_QR_PATH}/${code}.png`;

/** The header row of the export (the print view and the spreadsheet agree on it). */
export const CODE_EXPORT_COLUMNS = ['序号', '生产编码', '产品型号', '产品编号', '任务编号'] as const;
