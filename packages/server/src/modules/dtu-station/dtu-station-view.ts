import {
  communicationTypeName,
  type DtuTaskStatus,
  OTHER_COMMUNICATION,
  type StationDtuAssignment,
  type StationDtuUnit,
  standardText,
  type DtuTestStatus,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import { type DtuTesting, otherPropertiesUnderTest, SERVER_VERIFY } from '../../platform/dtu-testing.js';
import { uniqueValuesHeldElsewhere, excelRowOf } from '../../platform/dtu-tests.js';
import type { Database } from '../../platform/schema.js';
import { formatTime } from '../../platform/time.js';
import { samplingBatchColumns, toSamplingBatches } from '../../platform/dtu-batches.js';
import {
  type DtuTaskRow,
  findDtuOfTask,
  findTest,
  findTestById,
  type PartsRole,
  sampleValuesOf,
  valuesOfTest,
} from './dtu-station.repository.js';

/* What the parts-check station reads: its task, and a unit's live values and verdicts. */

const UNIQUE_STANDARD = '唯一';

/**
 * The task of a PAD with what a test there needs: the items with their standards and
 * the key tests; a sampling terminal's also the batches and the other properties.
 */
export async function assignmentView(
  db: Kysely<Database>,
  task: DtuTaskRow,
  role: PartsRole,
  testing: DtuTesting,
  timeZone: string,
): Promise<StationDtuAssignment> {
  const dtu = await findDtuOfTask(db, task.dtuId);
  const sampling = role === 'CHECK';
  const networked = dtu.connectInternet === 1 && dtu.communicationType !== null;
  return {
    taskId: task.id,
    taskName: task.fittingType,
    taskStatus: task.status as DtuTaskStatus,
    mode: sampling ? 'SAMPLING' : 'PRODUCTION',
    role,
    reworkTask: task.reworkTask === 1,
    duplicateEnable: task.duplicateEnable === 1,
    needExcel: task.needExcel === 1,
    productionNumber: task.productionNumber,
    finishNumber: task.finishNumber,
    testedNumber: task.testedNumber,
    testFirmwareVersion: task.testFirmwareVersion,
    dtu: {
      id: dtu.id,
      dtuType: dtu.dtuType,
      modelType: dtu.modelType,
      communicationType: testing.communicationType,
      communicationTypeDesc: !networked ? '' : dtu.communicationType === OTHER_COMMUNICATION ? dtu.communicationTypeDesc : communicationTypeName(dtu.communicationType),
      identity: testing.identity,
    },
    items: [
      ...testing.auto.map(({ property, item, unit }) => ({
        kind: 'AUTO' as const,
        propertyId: property.id,
        code: property.code,
        name: property.name,
        standard: property.unique ? UNIQUE_STANDARD : standardText({ ...item, unitName: unit }),
        unique: property.unique,
      })),
      ...testing.serial.map(({ property, item, unit }) => ({
        kind: 'SERIAL' as const,
        propertyId: property.id,
        code: property.code,
        name: property.name,
        standard: standardText({ ...item, unitName: unit }),
        unique: false,
      })),
    ],
    keyTests: testing.keyTests.map(({ code, name, checkCmd }) => ({ code, name, checkCmd })),
    batches: sampling ? await batchesToSample(db, task, timeZone) : [],
    otherProps: sampling ? await otherPropertiesUnderTest(db, task.dtuId) : [],
  };
}

/** The batches a sampling terminal chooses from: the task's latest SAMPLING_BATCHES_SHOWN, newest first. */
const SAMPLING_BATCHES_SHOWN = 50;
async function batchesToSample(db: Kysely<Database>, task: DtuTaskRow, timeZone: string) {
  const rows = await db
    .selectFrom('dtu_submit_batch')
    .select(samplingBatchColumns)
    .where('taskId', '=', task.id)
    .orderBy('seq', 'desc')
    .limit(SAMPLING_BATCHES_SHOWN)
    .execute();
  return toSamplingBatches(db, rows, task, timeZone);
}

type UnitValue = StationDtuUnit['values'][number];

/**
 * A unit as the station shows it while testing: each tested item with its latest
 * value and verdict (SERVER_VERIFY from the server's own mark until the result
 * stores it), then the other values reported; `duplicate` where a unique value is
 * held by another unit of the model.
 */
export async function unitView(db: Kysely<Database>, testId: number, testing: DtuTesting, timeZone: string): Promise<StationDtuUnit> {
  const test = await findTestById(db, testId);
  const rows = await valuesOfTest(db, testId);
  const byKey = new Map(rows.map((row) => [`${row.kind} ${row.code}`, row]));
  const shown = new Set<string>();
  // A sample claims nothing: the unit's values are its production record's, which is not "another unit".
  const sample = test.sampleBatchId !== 0;
  const claimant = sample ? ((await findTest(db, test.taskId, test.unitCode))?.id ?? testId) : testId;
  const heldElsewhere = await uniqueValuesHeldElsewhere(db, testing, { dtuId: test.dtuId, testId: claimant }, rows);

  const itemValue = (kind: 'AUTO' | 'SERIAL', code: string, name: string): UnitValue => {
    const key = `${kind} ${code}`;
    shown.add(key);
    const row = byKey.get(key);
    if (!row && kind === 'AUTO' && code === SERVER_VERIFY) {
      const verified = test.serverVerified === 1;
      return { kind, code, name, value: verified ? 'true' : null, pass: verified ? true : null, duplicate: false };
    }
    if (!row) return { kind, code, name, value: null, pass: null, duplicate: false };
    const duplicate = kind === 'AUTO' && heldElsewhere(code, row.value);
    return { kind, code, name, value: row.value, pass: row.pass === null ? null : row.pass === 1, duplicate };
  };
  const values: UnitValue[] = [
    ...testing.auto.map(({ property }) => itemValue('AUTO', property.code, property.name)),
    ...testing.serial.map(({ property }) => itemValue('SERIAL', property.code, property.name)),
  ];
  for (const row of rows) {
    if (shown.has(`${row.kind} ${row.code}`)) continue;
    values.push({
      kind: row.kind as UnitValue['kind'],
      code: row.code,
      name: row.name,
      value: row.value,
      pass: row.pass === null ? null : row.pass === 1,
      duplicate: false,
    });
  }
  const excel = await excelRowOf(db, testId);
  return {
    testId,
    code: test.unitCode,
    startTime: formatTime(Number(test.startTime), timeZone),
    serverVerified: test.serverVerified === 1,
    values,
    majorMinor: excel ? { major: excel.major, minor: excel.minor } : null,
    testStatus: test.testStatus as DtuTestStatus | null,
    sampleBatchId: sample ? test.sampleBatchId : null,
    otherResults: sample
      ? (await sampleValuesOf(db, testId)).map(({ pass, ...value }) => ({ ...value, result: pass === 1 }))
      : [],
  };
}
