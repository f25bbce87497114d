import { z } from 'zod';
import { idField, optionalText } from '../admin/common.js';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;

/** GET /api/task/exportDeviceId?taskId&fileName&format: the production codes as a spreadsheet. */
export const exportCodesQuery = z.object({
  taskId: idField,
  /** the download's name without extension; default `<model>_生产编码_<taskId>` */
  fileName: optionalText,
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
});

/** GET /api/task/exportQrCodeUrls?taskId → { [productionCode]: imageUrl } in label order. */
export const qrCodeUrlsQuery = z.object({ taskId: idField });
export const qrCodeUrls = z.record(z.string(), z.string());

/** The header row of the export (the print view and the spreadsheet agree on it). */
export const CODE_EXPORT_COLUMNS = ['序号', '生产编码', '产品型号', '产品编号', '任务编号'] as const;
