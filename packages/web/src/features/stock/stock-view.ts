import { type BatchPlan, MENUS, STOCK_BATCH_STATUS_NAMES, type StockBatchStatus } from '@factory/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** 抽检管理 and its two levels below belong to one menu (seed 002 §2). */
export const SPOT_CHECK_MENU = MENUS.spotCheck;

/** Breadcrumbs (seed 002 §1: production centre > finished-product inspection, inventory management). */
export const SPOT_CHECK_TRAIL = ['生产中心', '成品检测', '抽检管理'] as const;
export const STOCK_OUT_TRAIL = ['生产中心', '库存管理', '出库记录'] as const;

/** What an empty value shows (seed 002 §2). */
export const EMPTY = '-';
export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : String(value);

/** Where each spot-check page lives: the batch travels as its id, the unit as its SN (or production code). */
export const stockUrls = {
  batch: (stockBatchId: number) => `/spotCheckDevice?id=${stockBatchId}`,
  unit: (stockBatchId: number, sn: string) => `/spotCheckDeviceDetail?id=${encodeURIComponent(sn)}&batchId=${stockBatchId}`,
};

/** The unit's key on the detail page: its SN, or its production code when the product binds no SN. */
export const unitKey = (unit: { sn: string | null; produceCode: string }) => unit.sn ?? unit.produceCode;

/** A positive integer written in the address (a batch or product id); undefined when missing or malformed. */
export function positiveIdOf(text: string): number | undefined {
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The batch id of the query; null when missing or malformed. */
export const idParam = (params: URLSearchParams, key: string) => positiveIdOf(params.get(key) ?? '') ?? null;

/** A text of the query; null when missing or blank. */
export function textParam(params: URLSearchParams, key: string): string | null {
  const text = params.get(key)?.trim() ?? '';
  return text === '' ? null : text;
}

/** Days as the lists take them (`day`). */
export const DAY_FORMAT = 'YYYY-MM-DD';
export const today = () => dayjs().format(DAY_FORMAT);
/** Nothing is stocked or shipped tomorrow (seed 002 §5). */
export const afterToday = (date: Dayjs) => date.isAfter(dayjs(), 'day');
/** The picker's value of a `day` filter ('' is every day). */
export const dayValue = (day: string) => (day === '' ? null : dayjs(day));

/**
 * A `day` of the address as the list takes it: '' (every day) or a real day up to
 * today; anything else (a typo, a day to come) is today, the page's default.
 */
export function dayOf(text: string): string {
  if (text === '') return '';
  const date = dayjs(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && date.isValid() && date.format(DAY_FORMAT) === text && !afterToday(date) ? text : today();
}

/** The product filter of the address: undefined (every model) when missing or malformed. */
export const productIdOf = positiveIdOf;

/** `n=13 Ac=0 Re=1`, with 加严 when drawn from the tightened table; an open batch has no plan yet. */
export function planText(batch: BatchPlan & { status: StockBatchStatus }): string {
  if (batch.status === 'OPEN') return STOCK_BATCH_STATUS_NAMES.OPEN;
  if (batch.sampleSize === null) return EMPTY;
  const plan = `n=${batch.sampleSize} Ac=${batch.acceptNumber ?? EMPTY} Re=${batch.rejectNumber ?? EMPTY}`;
  return batch.severity === 'TIGHTENED' ? `${plan} 加严` : plan;
}
