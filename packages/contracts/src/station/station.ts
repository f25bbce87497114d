import '../zod-jitless.js';
import { z } from 'zod';
import { hasNul, positiveId, timeText } from '../admin/common.js';
import { TERMINAL_LIMITS, TERMINAL_TYPES } from '../admin/terminal.js';
import { LOGIN_LIMITS } from '../session.js';
import { MENUS } from '../menu-tree.js';
import { MSG } from '../messages.js';
import { flowItem } from '../product/flow.js';
import { PROPERTY_LIMITS } from '../product/property.js';
import { TASK_STATUSES } from '../task/task.js';
import { STATION_MSG } from './messages.js';

/** Result status of one test at a flow (seed 000 §4). */
export const FLOW_RESULT_STATUSES = ['TEST_SUCCESS', 'TEST_ERROR'] as const;
export type FlowResultStatus = (typeof FLOW_RESULT_STATUSES)[number];
/** A device's overall status (seed 000 §4): PASS when every flow's latest result passed, NOT_PASS when one failed. */
export const TEST_STATUSES = ['PASS', 'NOT_PASS'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];
/**
 * The words for both, wherever they are shown (console, export, station): one word
 * for one thing, so a supervisor comparing an export with the screen reads 合格 on both.
 */
export const FLOW_RESULT_NAMES: Record<FlowResultStatus, string> = { TEST_SUCCESS: '合格', TEST_ERROR: '不合格' };
export const TEST_STATUS_NAMES: Record<TestStatus, string> = { PASS: '合格', NOT_PASS: '不合格' };

/** The menu of the station app a terminal type needs (menu-tree.ts PAD APP / PDA APP). */
export const STATION_APP_MENU = { PAD: MENUS.padOverallCheck, PDA: MENUS.pdaStockIn } as const;
/**
 * Every menu of a terminal type's APP: a PDA user holding any of 入库, 抽检 or 出库 may
 * sign in (issue 15), a PAD user holding 整机检测 or 配件检测 (issue 17), and each
 * mode's calls ask for their own menu.
 */
export const STATION_APP_MENUS = {
  PAD: [MENUS.padOverallCheck, MENUS.padPartsCheck],
  PDA: [MENUS.pdaStockIn, MENUS.pdaSpotCheck, MENUS.pdaStockOut],
} as const;
export const STATION_APP_NAMES = { PAD: 'PAD APP', PDA: 'PDA APP' } as const;

/*
 * Every text the station sends ends in a column or a query parameter: none may
 * hold a NUL byte (PostgreSQL refuses one with a server error, SQLite stores it)
 * or exceed its column, so both databases answer the same 400 here.
 */
const noNul = (value: string) => !hasNul(value);

/** Lengths of the station's texts: the columns they are stored in or compared with. */
export const STATION_LIMITS = {
  /** production_code.sn, mac, imei */
  scanMax: 64,
  /** flow_result.clientResultId */
  clientResultIdMax: 64,
  /** the longest production code the station may scan (the server's codes are shorter: an unknown code is told so) */
  productionCodeMax: 32,
  /** a text value at most as long as a string property may be */
  valueMax: PROPERTY_LIMITS.lengthMax,
  /** `YYYY-MM-DD HH:mm:ss` or epoch digits, with room for spaces */
  timeMax: 32,
} as const;

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).refine(noNul, MSG.nulCharacter).trim().min(1, message).max(max, tooLong);

/** POST /api/station/login (JSON or form). */
// As at the console's sign-in: a name or password no account could have is a failed sign-in
// (the name of a failed attempt is stored; hashing megabytes would be a denial of service).
export const stationLoginBody = z.object({
  terminalCode: required(STATION_MSG.terminalCodeRequired, TERMINAL_LIMITS.codeMax, STATION_MSG.terminalUnknown),
  username: required(STATION_MSG.usernameRequired, LOGIN_LIMITS.usernameMax, STATION_MSG.loginFailed),
  password: z.string({ error: STATION_MSG.passwordRequired }).min(1, STATION_MSG.passwordRequired).max(128, STATION_MSG.loginFailed),
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

/** A scanned code the flow may bind (SN码, MAC, IMEI): trimmed, empty or missing is null. */
const scanCode = (what: string) =>
  z
    .string()
    .refine(noNul, MSG.nulCharacter)
    .trim()
    .max(STATION_LIMITS.scanMax, STATION_MSG.tooLong(what, STATION_LIMITS.scanMax))
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** A time as epoch milliseconds or `YYYY-MM-DD HH:mm:ss` (the factory's zone); the server converts and bounds it. */
const stationTime = z.union([
  z.number().int().positive(),
  z.string().refine(noNul, MSG.nulCharacter).trim().min(1).max(STATION_LIMITS.timeMax),
]);

/** Text values no longer than a string property can be, without NUL; other values are left to isScalarValue. */
const autoValue = z
  .unknown()
  .refine((value) => typeof value !== 'string' || noNul(value), MSG.nulCharacter)
  .refine((value) => typeof value !== 'string' || value.length <= STATION_LIMITS.valueMax, STATION_MSG.valueTooLong(STATION_LIMITS.valueMax));

/** An item given twice could carry two values (or a pass and a fail): which one was judged would be a guess. */
const eachItemOnce = (entries: readonly { itemId: number }[]) => new Set(entries.map((entry) => entry.itemId)).size === entries.length;

/** POST /api/station/result (JSON), DESIGN.md §6. */
export const stationResultBody = z.object({
  /** made by the station once per test (a UUID): a retry with the same id from the same terminal is answered, not stored again */
  clientResultId: required(
    STATION_MSG.clientResultIdRequired,
    STATION_LIMITS.clientResultIdMax,
    STATION_MSG.tooLong('结果编号', STATION_LIMITS.clientResultIdMax),
  ),
  productionCode: required(STATION_MSG.codeRequired, STATION_LIMITS.productionCodeMax, STATION_MSG.tooLong('生产码', STATION_LIMITS.productionCodeMax)),
  sn: scanCode('SN码'),
  mac: scanCode('MAC'),
  imei: scanCode('IMEI'),
  startTime: stationTime,
  endTime: stationTime,
  /** values are text, numbers or true/false; anything else is refused (isScalarValue) */
  autoValues: z
    .array(z.object({ itemId: positiveId(), value: autoValue }))
    .refine(eachItemOnce, STATION_MSG.duplicateItem)
    .default([]),
  manualResults: z
    .array(
      z.object({
        itemId: positiveId(),
        pass: z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])]).transform((value) => value === true || value === 1 || value === 'true' || value === '1'),
      }),
    )
    .refine(eachItemOnce, STATION_MSG.duplicateItem)
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

/** GET /api/station/device?productionCode=: the code as it was scanned, before anything else is scanned. */
export const stationDeviceQuery = z.object({
  productionCode: required(STATION_MSG.codeRequired, STATION_LIMITS.productionCodeMax, STATION_MSG.tooLong('生产码', STATION_LIMITS.productionCodeMax)),
});
export type StationDeviceQuery = z.input<typeof stationDeviceQuery>;

/**
 * The unit of a scanned production code at this terminal's flow, answered only
 * when a result of it would be taken now (otherwise the refusal the result call
 * would give): the station app checks the code the moment it is scanned.
 */
export const stationDevice = z.object({
  productionCode: z.string(),
  /** the unit's latest result at this flow: null when it was never tested here */
  latestStatus: z.enum(FLOW_RESULT_STATUSES).nullable(),
  /** results of the unit at this flow so far */
  attempts: z.number().int(),
  /** the codes the unit carries already: a flow binding one checks the scan against it */
  sn: z.string().nullable(),
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  /** the unit's overall status: null while flows remain untested */
  deviceStatus: z.enum(TEST_STATUSES).nullable(),
});
export type StationDevice = z.infer<typeof stationDevice>;

/**
 * GET /api/station/lastTask: the task of this terminal's latest result, null when
 * it has none. An idle terminal (assignment null) says with it why it is idle: the
 * task finished, or the terminal was taken off a task still running.
 */
export const stationLastTask = z
  .object({
    taskId: z.number().int(),
    productNumber: z.string(),
    status: z.enum(TASK_STATUSES),
    /** the flow of that result */
    flowName: z.string(),
    finishTime: timeText.nullable(),
  })
  .nullable();
export type StationLastTask = z.infer<typeof stationLastTask>;
