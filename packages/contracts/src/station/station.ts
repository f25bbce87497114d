import { z } from 'zod';
import { timeText } from '../admin/common.js';
import { TERMINAL_TYPES } from '../admin/terminal.js';
import { flowItem } from '../product/flow.js';
import { TASK_STATUSES } from '../task/task.js';
import { STATION_MSG } from './messages.js';

/** Result status of one test at a flow (seed 000 §4). */
export const FLOW_RESULT_STATUSES = ['TEST_SUCCESS', 'TEST_ERROR'] as const;
export type FlowResultStatus = (typeof FLOW_RESULT_STATUSES)[number];
/** A device's overall status (seed 000 §4): PASS when every flow's latest result passed, NOT_PASS when one failed. */
export const TEST_STATUSES = ['PASS', 'NOT_PASS'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

/** The menu of the station app a terminal type needs (menu-tree.ts PAD APP / PDA APP). */
export const STATION_APP_MENU = { PAD: '/app/pad/overallCheck', PDA: '/app/pda/stockIn' } as const;
export const STATION_APP_NAMES = { PAD: 'PAD APP', PDA: 'PDA APP' } as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST /api/station/login (JSON or form). */
export const stationLoginBody = z.object({
  terminalCode: required(STATION_MSG.terminalCodeRequired),
  username: required(STATION_MSG.usernameRequired),
  password: z.string({ error: STATION_MSG.passwordRequired }).min(1, STATION_MSG.passwordRequired),
});
export type StationLoginBody = z.input<typeof stationLoginBody>;

export const stationIdentity = z.object({
  terminal: z.object({ id: z.number().int(), code: z.string(), name: z.string(), terminalType: z.enum(TERMINAL_TYPES) }),
  user: z.object({ id: z.number().int(), userName: z.string() }),
});
export type StationIdentity = z.infer<typeof stationIdentity>;

export const stationLoginResult = stationIdentity.extend({ token: z.string() });
export type StationLoginResult = z.infer<typeof stationLoginResult>;

/**
 * An auto-check item of the assignment: the task's copy of the property and its
 * standard value, shaped as the flow's items are, plus the standard as one line.
 */
export const stationItem = flowItem.extend({
  /** the standard as one line (standardText) */
  standard: z.string(),
});
export type StationItem = z.infer<typeof stationItem>;

/** GET /api/station/assignment: what this terminal works on, null when idle. */
export const stationAssignment = z
  .object({
    taskId: z.number().int(),
    taskStatus: z.enum(TASK_STATUSES),
    productNumber: z.string(),
    productionCount: z.number().int(),
    finishNumber: z.number().int(),
    flowId: z.number().int(),
    flowName: z.string(),
    /** 1-based position of the flow in the task */
    flowOrder: z.number().int(),
    flowCount: z.number().int(),
    /** what to scan, in order: 生产码, then SN码, MAC or IMEI (scanCodesOf) */
    scanCodes: z.array(z.string()),
    items: z.array(stationItem),
    manualItems: z.array(z.object({ id: z.number().int(), name: z.string() })),
    pdfDownloadUrl: z.string().nullable(),
  })
  .nullable();
export type StationAssignment = z.infer<typeof stationAssignment>;

const optionalCode = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null));

/** A time as epoch milliseconds or `YYYY-MM-DD HH:mm:ss` (the factory's zone); the server converts. */
const stationTime = z.union([z.number().int().positive(), z.string().trim().min(1)]);

/** POST /api/station/result (JSON), DESIGN.md §6. */
export const stationResultBody = z.object({
  /** made by the station once per test (a UUID): a retry with the same id is answered, not stored again */
  clientResultId: z
    .string({ error: STATION_MSG.clientResultIdRequired })
    .trim()
    .min(1, STATION_MSG.clientResultIdRequired)
    .max(64, STATION_MSG.clientResultIdRequired),
  productionCode: z.string({ error: STATION_MSG.codeRequired }).trim().min(1, STATION_MSG.codeRequired).max(32, STATION_MSG.codeRequired),
  sn: optionalCode,
  mac: optionalCode,
  imei: optionalCode,
  startTime: stationTime,
  endTime: stationTime,
  /** values are text, numbers or true/false; anything else is refused (isScalarValue) */
  autoValues: z.array(z.object({ itemId: z.coerce.number().int().positive(), value: z.unknown() })).default([]),
  manualResults: z
    .array(
      z.object({
        itemId: z.coerce.number().int().positive(),
        pass: z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])]).transform((value) => value === true || value === 1 || value === 'true' || value === '1'),
      }),
    )
    .default([]),
});
export type StationResultBody = z.input<typeof stationResultBody>;

export const judgedItem = z.object({
  itemId: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  standard: z.string(),
  /** 1 pass, 0 fail */
  result: z.number().int(),
});
export const judgedManual = z.object({ itemId: z.number().int(), name: z.string(), pass: z.boolean() });

/** The verdict of one result, the same for a retry of it. */
export const stationVerdict = z.object({
  resultId: z.number().int(),
  clientResultId: z.string(),
  productionCode: z.string(),
  status: z.enum(FLOW_RESULT_STATUSES),
  items: z.array(judgedItem),
  manual: z.array(judgedManual),
  /** the device's overall status after this result: null while flows remain untested */
  deviceStatus: z.enum(TEST_STATUSES).nullable(),
  createTime: timeText,
});
export type StationVerdict = z.infer<typeof stationVerdict>;

/** GET /api/station/results?page&pageSize: this terminal's results of today, newest first. */
export const stationResultRow = z.object({
  resultId: z.number().int(),
  productionCode: z.string(),
  flowName: z.string(),
  status: z.enum(FLOW_RESULT_STATUSES),
  userName: z.string(),
  createTime: timeText,
});
export type StationResultRow = z.infer<typeof stationResultRow>;
