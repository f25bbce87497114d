import { type FlowResultStatus, MENUS, type ProductionRecord, type TestStatus } from '@factory/contracts';
import dayjs, { type Dayjs } from 'dayjs';

// The words themselves live in contracts: the record export must say what the console says.
export { FLOW_RESULT_NAMES, TEST_STATUS_NAMES } from '@factory/contracts';

/** The records pages belong to 产线检测 (DESIGN.md §4). */
export const RECORD_MENU = MENUS.productionCenter;

export const TEST_STATUS_COLORS: Record<TestStatus, string> = { PASS: 'success', NOT_PASS: 'error' };
/** A device with flows still untested and none failed has no overall status yet. */
export const TEST_STATUS_PENDING = '检测中';

export const FLOW_RESULT_COLORS: Record<FlowResultStatus, string> = { TEST_SUCCESS: 'success', TEST_ERROR: 'error' };
export const UNTESTED = '未检测';

/** A check item's result: 1 pass, anything else fail. */
export const checkResultName = (result: number) => (result === 1 ? '合格' : '不合格');

/** A positive integer of the query (task, flow and result ids); null when missing or malformed. */
export function idParam(params: URLSearchParams, key: string): number | null {
  const text = params.get(key) ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A text of the query (the production code); null when missing or blank. */
export function textParam(params: URLSearchParams, key: string): string | null {
  const text = params.get(key)?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * The flow name goes URI-encoded twice (seed 000 §2): the router's query parsing
 * undoes one encoding and the page undoes the other. A name that came encoded only
 * once (typed by hand) is shown as it came rather than failing.
 */
export const encodeTwice = (text: string) => encodeURIComponent(encodeURIComponent(text));

export function decodeOnceMore(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Where each records page lives; the ids and code are carried down from level to level. */
export const recordUrls = {
  log: (taskId: number) => `/productionLog?id=${taskId}`,
  logDetail: (taskId: number | null, code: string) =>
    `/productionLogDetail?taskId=${taskId ?? ''}&resultId=${encodeURIComponent(code)}`,
  flowDetail: (place: { taskId: number | null; code: string; flowId: number | null; testId?: number }) =>
    `/productionFlowDetail?taskId=${place.taskId ?? ''}&resultId=${encodeURIComponent(place.code)}&flowId=${place.flowId ?? ''}` +
    (place.testId === undefined ? '' : `&testId=${place.testId}`),
  history: (place: { taskId: number | null; code: string; flowId: number | null; flowTopoId: number; flowName: string }) =>
    `/productionFlowTestLog?taskId=${place.taskId ?? ''}&resultId=${encodeURIComponent(place.code)}` +
    `&flowId=${place.flowId ?? ''}&flowTopoId=${place.flowTopoId}&flowName=${encodeTwice(place.flowName)}`,
};

/** Days after today hold no test yet, so the range can not reach them (seed 000 §2). */
export const afterToday = (date: Dayjs) => date.isAfter(dayjs(), 'day');

/**
 * The date range as the list call takes it: fromTime the start day, toTime the day
 * after the chosen end (seed 000 §2, §9), so the end day is included.
 */
export function rangeParams(range: readonly [Dayjs, Dayjs] | null): { fromTime?: string; toTime?: string } {
  if (!range) return {};
  return { fromTime: range[0].format('YYYY-MM-DD'), toTime: range[1].add(1, 'day').format('YYYY-MM-DD') };
}

export interface FlowColumn {
  id: number;
  name: string;
  sequence: number;
}

/**
 * The task's flows as list columns, in flow order: the task's own flows (when known) and those
 * the records carry; every record of a task carries the same flows.
 */
export function flowColumnsOf(records: readonly ProductionRecord[], taskFlows: readonly FlowColumn[] = []): FlowColumn[] {
  const flows = new Map<number, FlowColumn>();
  for (const { id, name, sequence } of taskFlows) flows.set(id, { id, name, sequence });
  for (const record of records) {
    for (const { id, name, sequence } of record.flows) if (!flows.has(id)) flows.set(id, { id, name, sequence });
  }
  return [...flows.values()].sort((left, right) => left.sequence - right.sequence || left.id - right.id);
}

/** Seconds a test took, with at most one decimal. */
export const secondsText = (speed: number) => `${Math.round(speed * 10) / 10} s`;
