import {
  AUTO_CATALOGUE,
  autoCatalogue,
  type DtuTestDetail,
  type DtuTestRecord,
  type DtuTestStatus,
  type ManageStatus,
  type SampleDetail,
  SERIAL_CATALOGUE,
  serialCatalogue,
  standardText,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import { dtuTestingOf, SERVER_VERIFY } from '../../platform/dtu-testing.js';
import { uniqueValuesHeldElsewhere, excelRowOf } from '../../platform/dtu-tests.js';
import type { Database } from '../../platform/schema.js';
import { formatTime } from '../../platform/time.js';
import { batchSubmitTimes, namesOf, productionTestOf, sampleValuesOf, type TestRow, valuesOfTest } from './dtu-record.repository.js';

/* The device records as the task pages show them (seed 002 §3 "Device test record", "Detail"). */

/** What a record shows of its task. */
export interface RecordTask {
  fittingType: string;
  testFirmwareVersion: string;
}

/** A JSON list of texts as stored; anything else reads as empty (a record is never refused for it). */
function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function textList(text: string | null): string[] {
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** The batch a record belongs to: the one it was submitted in, or (a sample) the one it samples. */
const batchIdOf = (row: TestRow) => row.submitBatchId ?? (row.sampleBatchId === 0 ? null : row.sampleBatchId);

/**
 * The records of a page with their testers, terminals and batches' submit times (a
 * lookup each for the whole page, none when no record needs it).
 */
export async function toRecords(db: Kysely<Database>, rows: readonly TestRow[], task: RecordTask, timeZone: string): Promise<DtuTestRecord[]> {
  const { testers, terminals } = await namesOf(db, rows);
  const submitTimes = await batchSubmitTimes(db, rows.flatMap((row) => batchIdOf(row) ?? []));
  const batchTimeOf = (row: TestRow) => {
    const time = submitTimes.get(batchIdOf(row) ?? 0);
    return time === undefined ? null : formatTime(time, timeZone);
  };
  return rows.map((row) => ({
    id: row.id,
    taskId: row.taskId,
    imei: row.imei,
    mac: row.mac,
    startTime: formatTime(Number(row.startTime), timeZone),
    checkTime: row.checkTime === null ? null : formatTime(Number(row.checkTime), timeZone),
    productTime: row.checkTime === null ? null : Math.max(0, Math.round((Number(row.checkTime) - Number(row.startTime)) / 1000)),
    testStatus: row.testStatus as DtuTestStatus | null,
    manageStatus: row.manageStatus as ManageStatus,
    uname: row.testerId === null ? null : (testers.get(row.testerId) ?? null),
    terminalName: row.terminalId === null ? null : (terminals.get(row.terminalId) ?? null),
    taskFittingType: task.fittingType,
    batchTime: batchTimeOf(row),
    serverVerified: row.serverVerified === 1,
    failures: textList(row.failures),
  }));
}

/** A reported code's name: the DTU's catalogues first, then any (a unit may report more than its type lists). */
function catalogueName(code: string, communicationType: string | null): string {
  const own = [...autoCatalogue(communicationType), ...serialCatalogue(communicationType)].find((item) => item.code === code);
  if (own) return own.name;
  const any = [...Object.values(AUTO_CATALOGUE), ...Object.values(SERIAL_CATALOGUE)].flat().find((item) => item.code === code);
  return any?.name ?? code;
}

/** How the operator confirmed a key test: null when not confirmed, false when any confirmation failed. */
function keyResultOf(keyResults: unknown, code: string): boolean | null {
  if (!Array.isArray(keyResults)) return null;
  const confirmed = keyResults.filter((entry): entry is { code: string; pass: unknown } => !!entry && typeof entry === 'object' && entry.code === code);
  if (confirmed.length === 0) return null;
  return confirmed.every((entry) => entry.pass === true);
}

const UNIQUE_STANDARD = '唯一';

/**
 * One unit's record by section (seed 002 §3 "Detail"): base values, key tests, and
 * every serial (bluetooth) and automatic property the DTU tests now with the unit's
 * latest value and verdict (none reported: no value, failed). A unique value held
 * by another unit is marked `duplicate`; SERVER_VERIFY reads the server's own mark
 * until the result stores it as a value.
 */
export async function recordDetail(db: Kysely<Database>, row: TestRow, task: RecordTask, timeZone: string): Promise<DtuTestDetail> {
  const [record] = await toRecords(db, [row], task, timeZone);
  const testing = await dtuTestingOf(db, row.dtuId, task.testFirmwareVersion);
  const values = await valuesOfTest(db, row.id);
  const byKey = new Map(values.map((value) => [`${value.kind} ${value.code}`, value]));

  // A sample claims nothing: the unit's own production record holds its unique values, which are no other unit's.
  const claimant = row.sampleBatchId === 0 ? row.id : ((await productionTestOf(db, row)) ?? row.id);
  const heldElsewhere = await uniqueValuesHeldElsewhere(db, testing, { dtuId: row.dtuId, testId: claimant }, values);
  const keyResults = parseJson(row.keyResults);
  const excel = await excelRowOf(db, row.id);

  return {
    record: record!,
    basePropList: values
      .filter((value) => value.kind === 'BASE')
      .map((value) => ({ propName: catalogueName(value.code, testing.communicationType), code: value.code, reportVal: value.value ?? '' })),
    buttonPropList: testing.keyTests.map((key) => ({ propName: key.name, checkCmd: key.checkCmd, checkResult: keyResultOf(keyResults, key.code) })),
    serialPropList: testing.serial.map(({ property }) => {
      const value = byKey.get(`SERIAL ${property.code}`);
      return {
        reportValue: value?.value ?? null,
        checkResult: value?.pass === 1,
        dtuSerialCheckInformaitonEntity: {
          name: property.name,
          code: property.code,
          verifyRule: property.verifyRule,
          minValue: property.minValue,
          maxValue: property.maxValue,
          aimValue: property.aimValue,
        },
      };
    }),
    autoPropList: testing.auto.map(({ property, item, unit }) => {
      const value = byKey.get(`AUTO ${property.code}`);
      const verified = row.serverVerified === 1;
      const serverMark = !value && property.code === SERVER_VERIFY;
      const reportValue = serverMark ? (verified ? 'true' : null) : (value?.value ?? null);
      const duplicate = heldElsewhere(property.code, reportValue);
      const description = property.description ?? autoCatalogue(testing.communicationType).find((entry) => entry.code === property.code)?.description ?? '';
      return {
        reportValue,
        checkResult: serverMark ? verified : value?.pass === 1,
        duplicate,
        autoPropEntity: {
          name: property.name,
          code: property.code,
          description,
          standard: property.unique ? UNIQUE_STANDARD : standardText({ ...item, unitName: unit }),
        },
      };
    }),
    majorMinor: excel ? { major: excel.major, minor: excel.minor } : null,
  };
}

/** A sample's detail (抽检记录详情): the record's, plus its batch and the other properties judged on it. */
export async function sampleDetail(db: Kysely<Database>, row: TestRow, task: RecordTask, timeZone: string): Promise<SampleDetail> {
  const detail = await recordDetail(db, row, task, timeZone);
  const values = await sampleValuesOf(db, row.id);
  return {
    ...detail,
    sampleBatchId: row.sampleBatchId,
    otherResults: values.map(({ pass, ...value }) => ({ ...value, result: pass === 1 })),
  };
}

/**
 * The board's figures (seed 002 §3 "Dashboard data"): the pace is the seconds from
 * the first unit's scan to the last result over the units tested (0 before any
 * result); the time to finish is that pace over the units still to pass.
 */
export function watchCountOf(
  task: { productionNumber: number; finishNumber: number; testedNumber: number },
  span: { firstStart: number | null; lastCheck: number | null },
) {
  const total = task.productionNumber;
  const finished = task.finishNumber;
  const known = task.testedNumber > 0 && span.firstStart !== null && span.lastCheck !== null && span.lastCheck > span.firstStart;
  const timePerProduction = known ? round2((span.lastCheck! - span.firstStart!) / 1000 / task.testedNumber) : 0;
  const timeToFinish = round2(timePerProduction * Math.max(0, total - finished));
  return { total, finished, timePerProduction, timeToFinish };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
