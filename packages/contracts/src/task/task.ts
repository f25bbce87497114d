import { z } from 'zod';
import { decimal, idField, MAX_ID, optionalId, optionalText, positiveId, text, timeText } from '../admin/common.js';
import { lineOption } from '../admin/line.js';
import { pageQuery } from '../envelope.js';
import { TASK_MSG } from './messages.js';

/** Task status (seed 000 §4). */
export const TASK_STATUSES = ['NEW', 'UNSTART', 'START', 'STOP', 'FINISH'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_NAMES: Record<TaskStatus, string> = {
  NEW: '待生产',
  UNSTART: '未开始',
  START: '生产中',
  STOP: '停止中',
  FINISH: '已结束',
};

/** The row actions of the task list and the statuses that offer them (seed 000 §4). */
export const TASK_LIST_ACTIONS = {
  dataWatch: ['NEW', 'UNSTART', 'START', 'STOP'],
  edit: ['NEW', 'UNSTART', 'STOP'],
  stop: ['START'],
  start: ['STOP'],
  finish: ['START', 'STOP'],
  delete: ['NEW', 'UNSTART'],
} as const satisfies Record<string, readonly TaskStatus[]>;

/**
 * What the server lets each call do, by status. Wider than the list in one place:
 * an UNSTART task also starts (the station API starts it on its first result, and a
 * caller may start it by hand); a NEW one has flows without terminals and cannot.
 */
export const TASK_TRANSITIONS = {
  editBasics: ['NEW', 'UNSTART'],
  setTerminals: ['NEW', 'UNSTART', 'STOP'],
  start: ['UNSTART', 'STOP'],
  stop: ['START'],
  finish: ['START', 'STOP'],
  delete: ['NEW', 'UNSTART'],
} as const satisfies Record<string, readonly TaskStatus[]>;

export const isTaskStatusIn = (status: TaskStatus, allowed: readonly TaskStatus[]) => allowed.includes(status);

/** Flow status of the task detail (seed 000 §4). */
export const FLOW_STATUS = { notStarted: 0, producing: 1, paused: 2, ended: 3 } as const;
export const FLOW_STATUS_NAMES: Record<number, string> = { 0: '未开始', 1: '生产中', 2: '已暂停', 3: '已结束' };

export const TASK_LIMITS = {
  productionCountMax: 100_000,
  pageSizes: [10, 20, 50],
  /** flow tiles per row on the task detail */
  flowsPerRow: 4,
  /** seconds between refreshes of the task detail */
  detailRefreshSeconds: 30,
  qrSize: 256,
} as const;

/** Production codes: upper-case letters and digits without I, L, O, U (Crockford), never confused when read aloud or scanned badly. */
export const PRODUCTION_CODE = { alphabet: '0123456789ABCDEFGHJKMNPQRSTVWXYZ', length: 10 } as const;
/**
 * A code also holds at least one letter other than E, so nothing reads it as a
 * number: as an object key it keeps its insertion order (the QR url map is in
 * label order), and Excel opening the csv export never turns `1234567E12` or
 * `0123456789` into a number.
 */
export const PRODUCTION_CODE_PATTERN = /^(?=[0-9E]*[A-DF-HJKMNP-TV-Z])[0-9A-HJKMNP-TV-Z]{10}$/;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The expiry as sent: a date (the end of that day) or a full time, both in the
 * factory's time zone. Whether it is late enough depends on today, so the server
 * checks that with {@link expireDateAllowed}.
 */
export const expireTimeField = z
  .string({ error: TASK_MSG.expireRequired })
  .trim()
  .min(1, TASK_MSG.expireRequired)
  .refine((text) => DATE_ONLY.test(text) || DATE_TIME.test(text), TASK_MSG.expireRule)
  .transform((text) => (DATE_ONLY.test(text) ? `${text} 23:59:59` : text));

/** The expiry date (YYYY-MM-DD…) is not earlier than yesterday, `today` being YYYY-MM-DD in the factory's zone. */
export function expireDateAllowed(expire: string, today: string): boolean {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
  return expire.slice(0, 10) >= yesterday;
}

/** Line ids as a JSON array or a comma list (the step-2 URL carries them that way). */
export const lineIdsField = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()], { error: TASK_MSG.linesRequired })
  .transform((value, context) => {
    const parts = (Array.isArray(value) ? value : String(value).split(','))
      .map((part) => String(part).trim())
      .filter((part) => part !== '');
    // Decimal digits only: "0x10" or "1e3" is not a line id, and no id passes the column's range.
    const ids = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : NaN));
    if (ids.length === 0 || ids.length > 1000 || !ids.every((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID)) {
      context.addIssue({ code: 'custom', message: TASK_MSG.linesRequired });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

const productionCountField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  decimal(
    z
      .number({ error: TASK_MSG.countRequired })
    .refine((value) => Number.isInteger(value) && value > 0, TASK_MSG.countRule)
      .refine((value) => value <= TASK_LIMITS.productionCountMax, TASK_MSG.countTooLarge),
  ),
);

const requiredId = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    positiveId(message),
  );

/** POST /api/task/createTask (JSON): step 1 of the task form. */
export const taskCreateBody = z.object({
  productTypeId: requiredId(TASK_MSG.productTypeRequired),
  productId: requiredId(TASK_MSG.productRequired),
  /** the model as the form showed it; the server reads it from the product */
  productNumber: text(64).optional(),
  productionLineIds: lineIdsField,
  productionCount: productionCountField,
  expireTime: expireTimeField,
});
export type TaskCreateBody = z.input<typeof taskCreateBody>;
export type TaskFields = z.output<typeof taskCreateBody>;

/** POST /api/task/editTask (JSON). */
export const taskEditBody = taskCreateBody.extend({ id: idField });

/** GET /api/task/getTasks */
export const taskListQuery = pageQuery.extend({
  productTypeId: optionalId,
  status: z
    .union([z.literal(''), z.enum(TASK_STATUSES)])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** product model or production-line code, contains */
  productNumberOrProductLineCode: optionalText,
});

export const taskFlowRef = z.object({ id: z.number().int(), name: z.string() });

export const task = z.object({
  id: z.number().int(),
  productTypeId: z.number().int(),
  productTypeName: z.string(),
  productId: z.number().int(),
  /** product model */
  number: z.string(),
  productCode: z.string(),
  /** total units */
  productionNumber: z.number().int(),
  /** units that passed the last flow */
  finishNumber: z.number().int(),
  status: z.enum(TASK_STATUSES),
  expireTime: timeText.nullable(),
  createTime: timeText,
  startTime: timeText.nullable(),
  finishTime: timeText.nullable(),
  creatorName: z.string().nullable(),
  productLineIds: z.array(lineOption),
  /** the line names, joined with 、 */
  productionLineName: z.string(),
  /** the line codes, joined with , */
  productLineCode: z.string(),
  flows: z.array(taskFlowRef),
});
export type Task = z.infer<typeof task>;

/** GET /api/task/getTaskDetail?id */
export const taskPad = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** no user signed in at the terminal */
  free: z.boolean(),
  userName: z.string().nullable(),
});

export const taskDetailFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1-based position in the task */
  sequence: z.number().int(),
  flowStatus: z.number().int(),
  /** units that passed this flow */
  finishNumber: z.number().int(),
  productionNumber: z.number().int(),
  /** seconds per unit at this flow over the last hour: the span of its tests ÷ their number (docs/metrics.md); 0 with no test in that hour */
  realSpeed: z.number(),
  /** results recorded at this flow (every attempt) */
  totalCount: z.number().int(),
  /** terminals of this flow with a user signed in */
  useCount: z.number().int(),
  padsWithUserInfo: z.array(taskPad),
});
export type TaskDetailFlow = z.infer<typeof taskDetailFlow>;

export const taskDetail = task.extend({ flows: z.array(taskDetailFlow) });
export type TaskDetail = z.infer<typeof taskDetail>;
