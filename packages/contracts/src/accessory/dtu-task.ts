import { z } from 'zod';
import { hasNul, idField, MAX_ID, optionalId, optionalText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';
import { dtu } from './dtu.js';
import { DTU_TASK_MSG as M } from './dtu-task-messages.js';
import { flagField, WORD_PATTERN } from './fields.js';

/*
 * DTU tasks (seed 002 §2 "DTU tasks", §3, §4, §5, §7 "Tasks"; DESIGN.md §9.3): N units
 * of one DTU model tested on a line for a target line, by PADs in parts-check mode.
 */

/** Task status (seed 002 §4). A DTU task has no NEW step: it is UNSTART until its first test. */
export const DTU_TASK_STATUSES = ['UNSTART', 'START', 'STOP', 'FINISH'] as const;
export type DtuTaskStatus = (typeof DTU_TASK_STATUSES)[number];
export const DTU_TASK_STATUS_NAMES: Record<DtuTaskStatus, string> = {
  UNSTART: '未开始',
  START: '生产中',
  STOP: '停止中',
  FINISH: '已结束',
};

/**
 * Which statuses allow what (seed 002 §4): start only STOP, stop only START, end
 * unless FINISH or UNSTART, edit unless FINISH or START, delete only UNSTART or
 * FINISH. Units are tested while UNSTART (the first test starts it) or START.
 */
export const DTU_TASK_TRANSITIONS = {
  start: ['STOP'],
  stop: ['START'],
  end: ['START', 'STOP'],
  edit: ['UNSTART', 'STOP'],
  delete: ['UNSTART', 'FINISH'],
  test: ['UNSTART', 'START'],
  /** submitting a batch and changing the duplicate flag: any task not ended */
  submit: ['UNSTART', 'START', 'STOP'],
  duplicate: ['UNSTART', 'START', 'STOP'],
} as const satisfies Record<string, readonly DtuTaskStatus[]>;
export const isDtuTaskStatusIn = (status: DtuTaskStatus, allowed: readonly DtuTaskStatus[]) => allowed.includes(status);

/** A device's submit status (seed 002 §4). */
export const MANAGE_STATUSES = ['UNSUBMIT', 'SUBMIT'] as const;
export type ManageStatus = (typeof MANAGE_STATUSES)[number];
export const MANAGE_STATUS_NAMES: Record<ManageStatus, string> = { UNSUBMIT: '未提交', SUBMIT: '已提交' };
/** A device's test result (seed 002 §4: PASS 成功, NOT_PASS 失败). */
export const DTU_TEST_STATUSES = ['PASS', 'NOT_PASS'] as const;
export type DtuTestStatus = (typeof DTU_TEST_STATUSES)[number];
export const DTU_TEST_STATUS_NAMES: Record<DtuTestStatus, string> = { PASS: '成功', NOT_PASS: '失败' };

export const DTU_TASK_LIMITS = {
  nameMax: 18,
  productionNumberMax: 1_000_000,
  /** rows of a major/minor Excel */
  excelRowsMax: 100_000,
  /** bytes of a major/minor Excel */
  excelMaxBytes: 10 * 1024 * 1024,
  /** a unit's IMEI or MAC */
  unitMax: 64,
} as const;

/** The multipart parts of task add/edit (seed 002 §7, DESIGN.md §9.6). */
export const DTU_TASK_PARAM_FIELD = 'fittingsTaskParam';
export const DTU_TASK_EXCEL_FIELD = 'majorMinorExcel';
/** Excel of major/minor values: .xlsx is read; .xls (97-2003) is recognised and refused with a clear text. */
export const DTU_TASK_EXCEL_EXTENSIONS = ['.xls', '.xlsx'] as const;

/** Firmware versions of a task: digits.digits.digits (seed 002 §5). */
export const TASK_FIRMWARE_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A list of terminal ids: an array, or a comma list from a form. */
const padIds = (required: string) =>
  z
    .union([z.array(z.unknown()).max(1000), z.string().max(20_000), z.null()])
    .optional()
    .transform((value, context): number[] => {
      const items = value === null || value === undefined ? [] : typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value;
      const ids: number[] = [];
      for (const item of items) {
        const number = typeof item === 'number' ? item : typeof item === 'string' && /^\d{1,10}$/.test(item) ? Number(item) : NaN;
        if (!Number.isInteger(number) || number < 1 || number > MAX_ID) {
          context.addIssue({ code: 'custom', message: required });
          return z.NEVER;
        }
        if (!ids.includes(number)) ids.push(number);
      }
      return ids;
    });

/** 生产总量: required, a number, above 0 (seed 002 §5), each with its message. */
const productionNumber = z.unknown().transform((value, context): number => {
  if (value === undefined || value === null || value === '') {
    context.addIssue({ code: 'custom', message: M.totalRequired });
    return z.NEVER;
  }
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,12}(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(number) || !Number.isInteger(number)) {
    context.addIssue({ code: 'custom', message: M.totalNumber });
    return z.NEVER;
  }
  if (number <= 0) {
    context.addIssue({ code: 'custom', message: M.totalPositive });
    return z.NEVER;
  }
  if (number > DTU_TASK_LIMITS.productionNumberMax) {
    context.addIssue({ code: 'custom', message: M.totalTooLarge });
    return z.NEVER;
  }
  return number;
});

/** A line id that is required with its own message. */
const requiredLine = (message: string) =>
  z.unknown().transform((value, context): number => {
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isInteger(number) || number < 1 || number > MAX_ID) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

/**
 * The task as the panel sends it (the JSON part `fittingsTaskParam`, seed 002 §3
 * "Task payload"). The name's words depend on `reworkTask` (任务名称 or 配件型号).
 * What depends on the DTU (serial terminals for bluetooth, data delivery for
 * THREE_2_ONE) and on today (the delivery date not before yesterday) the server
 * checks after this schema.
 */
export const dtuTaskParam = z
  .object({
    dtuId: idField,
    reworkTask: flagField,
    fittingType: z.union([z.string(), z.number(), z.null()]).optional().transform((value) => (value === null || value === undefined ? '' : String(value).trim())),
    productLineId: requiredLine(M.lineRequired),
    aimLineId: requiredLine(M.aimLineRequired),
    pads: padIds(M.padsRequired),
    padsForComCheck: padIds(M.serialPadsRequired),
    expireTime: z
      .union([z.string(), z.null()], { error: M.expireRequired })
      .optional()
      .transform((value) => (value ?? '').trim()),
    productionNumber,
    testFirmwareVersion: z
      .union([z.string().max(32, M.firmwareRule), z.null()])
      .optional()
      .transform((value) => (value ?? '').trim()),
    needExcel: flagField,
    duplicateEnable: flagField,
  })
  .superRefine((param, context) => {
    const fail = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    const words = param.reworkTask
      ? { required: M.reworkNameRequired, rule: M.reworkNameRule, tooLong: M.reworkNameTooLong }
      : { required: M.nameRequired, rule: M.nameRule, tooLong: M.nameTooLong };
    if (hasNul(param.fittingType)) fail(MSG.nulCharacter, 'fittingType');
    else if (!param.fittingType) fail(words.required, 'fittingType');
    else if (!WORD_PATTERN.test(param.fittingType)) fail(words.rule, 'fittingType');
    else if (param.fittingType.length > DTU_TASK_LIMITS.nameMax) fail(words.tooLong, 'fittingType');
    if (param.pads.length === 0) fail(M.padsRequired, 'pads');
    if (param.pads.some((id) => param.padsForComCheck.includes(id))) fail(M.padOneListOnly, 'padsForComCheck');
    if (!param.expireTime) fail(M.expireRequired, 'expireTime');
    else if (!DATE_ONLY.test(param.expireTime) && !DATE_TIME.test(param.expireTime)) fail(M.expireRule, 'expireTime');
    if (param.testFirmwareVersion && !TASK_FIRMWARE_PATTERN.test(param.testFirmwareVersion)) fail(M.firmwareRule, 'testFirmwareVersion');
  })
  .transform((param) => ({
    ...param,
    // the end of the delivery day when only a date is sent
    expireTime: DATE_ONLY.test(param.expireTime) ? `${param.expireTime} 23:59:59` : param.expireTime,
    // rework tasks always allow duplicates (seed 002 §4)
    duplicateEnable: param.reworkTask || param.duplicateEnable,
  }));
export type DtuTaskParam = z.input<typeof dtuTaskParam>;
export type DtuTaskFields = z.output<typeof dtuTaskParam>;
/** The part of task_edit: the same with the id. */
export const dtuTaskEditParam = z.intersection(z.object({ id: idField }), dtuTaskParam);

/** The task id of the row actions (form-encoded). */
export const taskIdBody = z.object({ taskId: idField });
export const taskIdQuery = z.object({ taskId: idField });

/** POST /api/dtuTask/duplicateEnable: taskId and the new flag (seed 002 §7; the rework page posts here too). */
export const duplicateEnableBody = z.object({ taskId: idField, duplicate: flagField });

/** GET /api/dtuTask/list */
export const dtuTaskListQuery = pageQuery.extend({
  dtuId: idField,
  reworkTask: flagField,
  status: z
    .union([z.literal(''), z.enum(DTU_TASK_STATUSES)])
    .optional()
    .transform((value) => value || undefined),
  productLineId: optionalId,
  aimProductLineId: optionalId,
  /** task name (rework: accessory model), contains */
  fittingType: optionalText,
});

/** A terminal of a task: id, name, code. */
export const dtuTaskPad = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

/** A DTU task as the list, the panel and the task pages read it (seed 002 §3 "Task"). */
export const dtuTask = z.object({
  id: z.number().int(),
  dtuId: z.number().int(),
  /** the task's name (rework: the accessory model) */
  fittingType: z.string(),
  reworkTask: z.boolean(),
  productLineId: z.number().int(),
  productionLineName: z.string(),
  aimProductLineId: z.number().int(),
  aimProductLineName: z.string(),
  testFirmwareVersion: z.string(),
  /** the DTU's test firmware, to download */
  testFirmwareDownloadUrl: z.string().nullable(),
  testFirmwareOriginName: z.string().nullable(),
  pads: z.array(dtuTaskPad),
  serialPads: z.array(dtuTaskPad),
  /** units that passed */
  finishNumber: z.number().int(),
  /** units tested (passed or not) */
  testedNumber: z.number().int(),
  productionNumber: z.number().int(),
  expireTime: timeText.nullable(),
  status: z.enum(DTU_TASK_STATUSES),
  duplicateEnable: z.boolean(),
  needExcel: z.boolean(),
  /** the uploaded major/minor Excel: its name and how many rows it holds, how many were delivered */
  excelOriginName: z.string().nullable(),
  excelRowCount: z.number().int(),
  excelUsedCount: z.number().int(),
  /** false once the firmware changed after a submission (升级固件后不支持抽检) */
  canCheck: z.boolean(),
  canEditFirmware: z.boolean(),
  communicationType: z.string().nullable(),
  bandRate: z.number().int().nullable(),
  createTime: timeText,
  startTime: timeText.nullable(),
  finishTime: timeText.nullable(),
  creatorName: z.string().nullable(),
  /** the DTU model with its module data and files (seed 002 §3 "detail") */
  detail: dtu,
});
export type DtuTask = z.infer<typeof dtuTask>;

/** GET /api/dtuTask/padList: the PADs of a line, and whether each is free for this task. */
export const dtuTaskPadListQuery = z.object({ lineId: idField, taskId: optionalId });
export const dtuTaskPadOption = dtuTaskPad.extend({
  /** the task it serves, when not this one ('' when free) */
  busyWith: z.string(),
});

/** GET /api/dtuTask/find: the task of the DTU that tested a unit (MAC or IMEI). */
export const dtuTaskFindQuery = z.object({
  dtuId: idField,
  mac: z.string().trim().min(1, M.unitRequired).max(DTU_TASK_LIMITS.unitMax, M.unitRule).refine((value) => !hasNul(value), MSG.nulCharacter),
});
export const dtuTaskFound = z.object({ id: z.number().int(), reworkTask: z.boolean(), taskDetailId: z.number().int() });

/** GET /api/dtuTask/watchCount (seed 002 §3 "Dashboard data"). */
export const dtuTaskWatchCount = z.object({
  total: z.number().int(),
  finished: z.number().int(),
  /** seconds per unit over the task's tests so far, 0 before two */
  timePerProduction: z.number(),
  /** seconds until the rest is done at that pace, 0 when unknown or done */
  timeToFinish: z.number(),
});

/** GET /api/dtuTask/downPropList: what a task may deliver to its units. */
export const downProp = z.object({ code: z.string(), name: z.string() });

/** The answer of export calls: the file to open (seed 002 §7 data.url). */
export const exportUrl = z.object({ url: z.string() });
