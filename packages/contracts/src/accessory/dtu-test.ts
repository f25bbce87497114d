import { z } from 'zod';
import { decimal, hasNul, idField, MAX_ID, optionalId, optionalText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';
import { VERIFY_RULES } from './catalogue.js';
import { DTU_TASK_LIMITS, DTU_TASK_STATUSES, DTU_TEST_STATUSES, MANAGE_STATUSES } from './dtu-task.js';
import { DTU_SUBMISSION_MSG as SM } from './dtu-submission-messages.js';
import { samplingBatch, sampleOtherResult } from './dtu-submission.js';
import { DTU_TASK_MSG as M } from './dtu-task-messages.js';

/*
 * Device test records of DTU tasks, the check log of raw reports, and the
 * parts-check station (seed 002 §3 "Device test record", "Check log item";
 * DESIGN.md §9.3, §9.4, §9.5, §9.6).
 */

const filter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((value) => value || undefined);

/** GET /api/dtuTask/checkinfoList: the task's device tests. `mac` matches the IMEI or the MAC (contains). */
export const checkinfoListQuery = pageQuery.extend({
  taskId: idField,
  testStatus: filter(DTU_TEST_STATUSES),
  manageStatus: filter(MANAGE_STATUSES),
  mac: optionalText,
});

/** One device test record (seed 002 §3). */
export const dtuTestRecord = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  /** the unit's IMEI (cellular, 2.4G, other) or '' */
  imei: z.string(),
  /** the unit's MAC (WIFI, bluetooth; also the bluetooth MAC of a THREE_2_ONE unit) or '' */
  mac: z.string(),
  /** scanned */
  startTime: timeText,
  /** judged */
  checkTime: timeText.nullable(),
  /** seconds from scan to result */
  productTime: z.number().int().nullable(),
  testStatus: z.enum(DTU_TEST_STATUSES).nullable(),
  manageStatus: z.enum(MANAGE_STATUSES),
  /** the tester */
  uname: z.string().nullable(),
  terminalName: z.string().nullable(),
  /** the task's name */
  taskFittingType: z.string(),
  /** when submitted */
  batchTime: timeText.nullable(),
  serverVerified: z.boolean(),
  /** why it failed, one line: the names of the failed items */
  failures: z.array(z.string()),
});
export type DtuTestRecord = z.infer<typeof dtuTestRecord>;

/** GET /api/dtuTask/checkinfoDetail: one unit's test, by section (seed 002 §3 "Detail", its names kept). */
export const dtuTestDetail = z.object({
  record: dtuTestRecord,
  basePropList: z.array(z.object({ propName: z.string(), code: z.string(), reportVal: z.string() })),
  buttonPropList: z.array(z.object({ propName: z.string(), checkCmd: z.string(), checkResult: z.boolean().nullable() })),
  serialPropList: z.array(
    z.object({
      reportValue: z.string().nullable(),
      checkResult: z.boolean(),
      dtuSerialCheckInformaitonEntity: z.object({
        name: z.string(),
        code: z.string(),
        verifyRule: z.enum(VERIFY_RULES),
        minValue: z.string().nullable(),
        maxValue: z.string().nullable(),
        aimValue: z.string().nullable(),
      }),
    }),
  ),
  autoPropList: z.array(
    z.object({
      reportValue: z.string().nullable(),
      checkResult: z.boolean(),
      /** the value is held by another unit (a unique property of a task that allows duplicates shows it, refused otherwise) */
      duplicate: z.boolean(),
      autoPropEntity: z.object({ name: z.string(), code: z.string(), description: z.string(), standard: z.string() }),
    }),
  ),
  /** the major/minor delivered to the unit (THREE_2_ONE tasks with data delivery) */
  majorMinor: z.object({ major: z.number().int(), minor: z.number().int() }).nullable(),
});
export type DtuTestDetail = z.infer<typeof dtuTestDetail>;

/** GET /api/dtuTask/checkHistoryList: raw reports of a DTU's units, newest first, loaded in slices. */
export const checkHistoryQuery = z.object({
  dtuId: idField,
  /** only the reports joined to this task's units */
  taskId: optionalId,
  /** the unit's IMEI or MAC, contains */
  imei: optionalText,
  /** report time from / to: YYYY-MM-DD[ HH:mm:ss] */
  from: optionalText,
  to: optionalText,
  /** the next slice starts below this report id (incremental loading) */
  beforeId: optionalId,
  page: decimal(z.number().int().min(1).max(MAX_ID).default(1)),
  /** the specification's 99 999 is a ceiling; the console asks 100 at a time */
  pageSize: decimal(z.number().int().min(1).max(99_999).default(100)),
});
export const checkLogItem = z.object({
  id: z.number().int(),
  /** the unit the report names (IMEI or MAC) */
  imei: z.string(),
  /** received */
  startTime: timeText,
  /** MQTT or STATION */
  source: z.enum(['MQTT', 'STATION']),
  /** the report as received: a JSON object's text */
  content: z.string(),
  taskId: z.number().int().nullable(),
});
export type CheckLogItem = z.infer<typeof checkLogItem>;
export const checkHistoryPage = z.object({
  list: z.array(checkLogItem),
  total: z.number().int(),
  pageSize: z.number().int(),
  pageNum: z.number().int(),
  /** more rows lie below the last one */
  hasMore: z.boolean(),
});

// ─── the parts-check station (PAD APP → 配件检测, DESIGN.md §9.4) ───

const noNul = (value: string) => !hasNul(value);
/** An IMEI or MAC as scanned or typed: letters, digits, colon and hyphen, trimmed; empty is null. */
export const UNIT_CODE_PATTERN = /^[A-Za-z0-9:-]+$/;
const unitCode = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? '').trim())
  .refine(noNul, MSG.nulCharacter)
  .refine((value) => value.length <= DTU_TASK_LIMITS.unitMax, M.unitRule)
  .refine((value) => value === '' || UNIT_CODE_PATTERN.test(value), M.unitRule)
  .transform((value) => value || null);

/** A body naming one unit by IMEI or MAC (one of them). */
const unitBody = z.object({ imei: unitCode, mac: unitCode }).refine((body) => body.imei !== null || body.mac !== null, {
  message: M.unitRequired,
  path: ['imei'],
});

/**
 * POST /api/station/dtu/scan: the unit put on the fixture. A sampling terminal names
 * the batch it samples (batchId, required there; a production PAD leaves it out).
 */
export const stationDtuScanBody = z.intersection(unitBody, z.object({ batchId: optionalId }));

/** A report's values: a JSON object of catalogue codes to values (text, number or true/false). */
export const REPORT_LIMITS = { keysMax: 64, valueMax: 256, bytesMax: 16 * 1024 } as const;
export const reportContent = z
  .record(
    z.string().max(64, M.reportRule),
    z.union([z.string().max(REPORT_LIMITS.valueMax, M.reportRule), z.number(), z.boolean(), z.null()], { error: M.reportRule }),
    { error: M.reportRule },
  )
  .refine((content) => Object.keys(content).length > 0, M.reportEmpty)
  .refine((content) => Object.keys(content).length <= REPORT_LIMITS.keysMax, M.reportRule)
  .refine((content) => Object.entries(content).every(([key, value]) => noNul(key) && (typeof value !== 'string' || noNul(value))), MSG.nulCharacter);
export type ReportContent = z.infer<typeof reportContent>;

/** POST /api/station/dtu/report: values the station read over the unit's serial or Bluetooth link. */
export const stationDtuReportBody = z.intersection(unitBody, z.object({ content: reportContent }));

/** POST /api/station/dtu/result: the key tests confirmed; the server judges the rest and stores the record once per clientResultId. */
export const stationDtuResultBody = z.intersection(
  unitBody,
  z.object({
    clientResultId: z
      .string({ error: M.clientResultIdRequired })
      .trim()
      .min(1, M.clientResultIdRequired)
      .max(64, M.clientResultIdRequired)
      .refine(noNul, MSG.nulCharacter),
    keyResults: z
      .array(z.object({ code: z.string().max(64), pass: z.boolean() }))
      .max(64)
      .default([]),
  }),
);

/** An item the station shows: a test property with its standard, or a key test. */
export const stationDtuItem = z.object({
  kind: z.enum(['AUTO', 'SERIAL']),
  propertyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** the standard as one line ('唯一' for a unique value) */
  standard: z.string(),
  unique: z.boolean(),
});
export const stationKeyTest = z.object({ code: z.string(), name: z.string(), checkCmd: z.string() });

/** GET /api/station/dtu/assignment: the DTU task of this PAD, null when it has none. */
export const stationDtuAssignment = z
  .object({
    taskId: z.number().int(),
    taskName: z.string(),
    taskStatus: z.enum(DTU_TASK_STATUSES),
    /** PRODUCTION (a task's PAD or serial terminal) or SAMPLING (a sampling terminal bound by /api/checkTask/bind) */
    mode: z.enum(['PRODUCTION', 'SAMPLING']),
    /** a serial terminal reads the serial properties over the unit's link; CHECK samples batches */
    role: z.enum(['PAD', 'SERIAL', 'CHECK']),
    reworkTask: z.boolean(),
    duplicateEnable: z.boolean(),
    needExcel: z.boolean(),
    productionNumber: z.number().int(),
    finishNumber: z.number().int(),
    testedNumber: z.number().int(),
    testFirmwareVersion: z.string(),
    dtu: z.object({
      id: z.number().int(),
      dtuType: z.string(),
      modelType: z.string(),
      communicationType: z.string().nullable(),
      communicationTypeDesc: z.string(),
      /** what identifies a unit: IMEI or MAC */
      identity: z.enum(['IMEI', 'MAC']),
    }),
    items: z.array(stationDtuItem),
    keyTests: z.array(stationKeyTest),
    /** SAMPLING: the task's batches, newest first ([] in PRODUCTION) */
    batches: z.array(samplingBatch),
    /** SAMPLING: the DTU's other (manual) properties under test, judged by people on each sample ([] in PRODUCTION) */
    otherProps: z.array(
      z.object({ id: z.number().int(), category: z.string(), property: z.string(), checkTool: z.string(), checkStandard: z.string() }),
    ),
  })
  .nullable();
export type StationDtuAssignment = z.infer<typeof stationDtuAssignment>;

/** A unit under test as the station sees it, live: each item's latest value and verdict. */
export const stationDtuUnit = z.object({
  testId: z.number().int(),
  /** the IMEI or MAC it was scanned by */
  code: z.string(),
  startTime: timeText,
  /** a report of its own reached the server over MQTT during the test */
  serverVerified: z.boolean(),
  values: z.array(
    z.object({
      kind: z.enum(['AUTO', 'SERIAL', 'BASE']),
      code: z.string(),
      name: z.string(),
      value: z.string().nullable(),
      /** null while no value has come */
      pass: z.boolean().nullable(),
      /** held by another unit */
      duplicate: z.boolean(),
    }),
  ),
  majorMinor: z.object({ major: z.number().int(), minor: z.number().int() }).nullable(),
  /** the final result once judged */
  testStatus: z.enum(DTU_TEST_STATUSES).nullable(),
  /** a sample's batch (SAMPLING), null for a production unit */
  sampleBatchId: z.number().int().nullable(),
  /** a sample's other properties as judged so far ([] for a production unit) */
  otherResults: z.array(sampleOtherResult),
});
export type StationDtuUnit = z.infer<typeof stationDtuUnit>;

/** GET /api/station/dtu/unit?imei|mac: the unit's live state (the station polls it while testing). */
export const stationDtuUnitQuery = unitBody;

/** The answer of a result: the verdict and what failed. */
export const stationDtuResultAnswer = z.object({
  testId: z.number().int(),
  testStatus: z.enum(DTU_TEST_STATUSES),
  failures: z.array(z.string()),
  finishNumber: z.number().int(),
  /** this clientResultId was stored before: the stored answer */
  replayed: z.boolean(),
  /** a sample's batch as it now stands (SAMPLING), null in production */
  batch: samplingBatch.nullable(),
});
export type StationDtuResultAnswer = z.infer<typeof stationDtuResultAnswer>;

/**
 * POST /api/station/dtu/sample (DESIGN.md §9.5): the other (manual) properties judged on
 * one sample of a batch, each with its measured value; sent again, a property's result
 * is replaced. The sample's DTU test goes by scan, reports and result as in production.
 */
export const stationDtuSampleBody = z.intersection(
  unitBody,
  z.object({
    batchId: idField,
    otherResults: z
      .array(
        z.object({
          propertyId: idField,
          actValue: z
            .union([z.string(), z.number()])
            .transform((value) => String(value).trim())
            .refine(noNul, MSG.nulCharacter)
            .refine((value) => value.length <= 64, SM.actValueRule),
          pass: z.boolean(),
        }),
        { error: SM.sampleResultsRequired },
      )
      .min(1, SM.sampleResultsRequired)
      .max(200, SM.sampleResultsRequired),
  }),
);
/** The answer of a sample: the sample's unit and its batch as it now stands. */
export const stationDtuSampleAnswer = z.object({ unit: stationDtuUnit, batch: samplingBatch });
export type StationDtuSampleAnswer = z.infer<typeof stationDtuSampleAnswer>;

/** What a DTU publishes on (DESIGN.md §9.4): `factory/dtu/<imei-or-mac>/report`, a JSON object. */
export const DTU_REPORT_TOPIC_PREFIX = 'factory/dtu/';
export const dtuReportTopic = (unit: string) => `${DTU_REPORT_TOPIC_PREFIX}${unit}/report`;
/** The unit a topic names, or null when the topic is not a report topic. */
export function unitOfReportTopic(topic: string): string | null {
  const match = /^factory\/dtu\/([A-Za-z0-9:-]{1,64})\/report$/.exec(topic);
  return match ? match[1]! : null;
}
/** A report of a unit not yet scanned joins its test when it is scanned within this time (DESIGN.md §9.6). */
export const REPORT_JOIN_WINDOW_MS = 10 * 60 * 1000;
