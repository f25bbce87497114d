import type { BodyIn, STATION_ENDPOINTS, StationAssignment, StationItem } from './contracts';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export type Assignment = NonNullable<StationAssignment>;

/**
 * The test in progress at this terminal: what was scanned and entered so far.
 * Kept in localStorage on every change, so a reload mid-test loses nothing; it
 * belongs to one terminal, task and flow (key) and is dropped when those change.
 */
export interface Draft {
  key: string;
  /** made when the production code is scanned, so a reload and resubmission is still one result */
  clientResultId: string | null;
  /** epoch ms of the production-code scan */
  startTime: number | null;
  /** the scanned codes in the order of the assignment's scanCodes */
  codes: string[];
  /** itemId → the value as it will be sent (number text, the enum key, the boolean's label) */
  values: Record<string, string>;
  /** itemId → pass */
  manual: Record<string, boolean>;
}

export const draftKey = (terminalId: number, assignment: Assignment) => `${terminalId}:${assignment.taskId}:${assignment.flowId}`;

export const emptyDraft = (key: string): Draft => ({ key, clientResultId: null, startTime: null, codes: [], values: {}, manual: {} });

export function loadDraft(key: string): Draft {
  const stored = readStored<Draft>(STORAGE_KEYS.draft);
  return stored?.key === key && Array.isArray(stored.codes) ? stored : emptyDraft(key);
}

export function saveDraft(draft: Draft): void {
  writeStored(STORAGE_KEYS.draft, draft);
}

/** The body field of each code after the production code (scanCodesOf in the contracts names them). */
const CODE_FIELDS: Record<string, 'sn' | 'mac' | 'imei'> = { SN码: 'sn', MAC: 'mac', IMEI: 'imei' };

type ResultInput = BodyIn<typeof STATION_ENDPOINTS.stationResult>;

/**
 * A result ready to send: the result call's body (submitResult takes it) with every
 * field set, so a queued copy is resent exactly; the station makes its times as
 * epoch ms, its values as the text typed (or the enum key, the boolean's label) and
 * its manual checks as true or false.
 */
export type ResultBody = Required<Omit<ResultInput, 'startTime' | 'endTime' | 'autoValues' | 'manualResults'>> & {
  startTime: Extract<ResultInput['startTime'], number>;
  endTime: Extract<ResultInput['endTime'], number>;
  autoValues: { itemId: number; value: string }[];
  manualResults: { itemId: number; pass: boolean }[];
};

/** The body of a complete draft (see missingInput). */
export function resultBody(draft: Draft, assignment: Assignment, endTime: number): ResultBody {
  const body: ResultBody = {
    clientResultId: draft.clientResultId!,
    productionCode: draft.codes[0]!,
    sn: null,
    mac: null,
    imei: null,
    startTime: draft.startTime!,
    endTime: Math.max(endTime, draft.startTime!),
    autoValues: assignment.items.map((item) => ({ itemId: item.id, value: draft.values[item.id]!.trim() })),
    manualResults: assignment.manualItems.map((item) => ({ itemId: item.id, pass: draft.manual[item.id]! })),
  };
  assignment.scanCodes.forEach((label, index) => {
    const field = CODE_FIELDS[label];
    if (field && index > 0) body[field] = draft.codes[index] ?? null;
  });
  return body;
}

const hasValue = (draft: Draft, item: StationItem) => (draft.values[item.id] ?? '').trim() !== '';

/** What still stops the draft from being sent, as the hint to show; null when it is complete. */
export function missingInput(draft: Draft, assignment: Assignment): string | null {
  const nextCode = assignment.scanCodes[draft.codes.length];
  if (nextCode) return `请扫描${nextCode}`;
  const empty = assignment.items.filter((item) => !hasValue(draft, item));
  if (empty.length > 0) return `请录入：${empty.map((item) => item.name).join('、')}`;
  const unticked = assignment.manualItems.filter((item) => draft.manual[item.id] === undefined);
  if (unticked.length > 0) return `请完成人工检查：${unticked.map((item) => item.name).join('、')}`;
  return null;
}
