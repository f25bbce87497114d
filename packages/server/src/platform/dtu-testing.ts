import {
  type AutoProperty,
  autoCatalogue,
  autoPropertyItem,
  BLUETOOTH,
  judgeValue,
  type KeyTest,
  keyTestsOf,
  type ReportContent,
  serialCatalogue,
  type SerialProperty,
  serialPropertyItem,
  type StandardItem,
  UNIT_CODE_PATTERN,
  type UnitIdentity,
  unitIdentityOf,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import { autoPropertyOf, serialPropertyOf } from './dtu-property-rows.js';
import type { Database } from './schema.js';

/*
 * What a unit of a DTU model is tested on (DESIGN.md §9.3, §9.6): the model's
 * automatic and serial properties under test (status 1), its key tests, and how
 * a reported value is judged against them. Shared by the report intake (MQTT and
 * the station's reports) and the parts-check station's scan and result.
 */

/** The catalogue code the server judges itself: a report of the unit's own reached it over MQTT. */
export const SERVER_VERIFY = 'SERVER_VERIFY';
/** The claim code of the unit's own IMEI/MAC in dtu_unique_value. */
export const UNIT_CLAIM = 'UNIT';
/** The firmware version's code: judged against the task's test firmware when the task names one. */
const VERSION = 'VERSION';

export interface TestedAuto {
  property: AutoProperty;
  item: StandardItem;
  unit: string | null;
}
export interface TestedSerial {
  property: SerialProperty;
  item: StandardItem;
  unit: string | null;
}

export interface DtuTesting {
  dtuId: number;
  /** the DTU's communication type, null when it is not networked */
  communicationType: string | null;
  identity: UnitIdentity;
  auto: TestedAuto[];
  /** bluetooth DTUs only */
  serial: TestedSerial[];
  keyTests: readonly KeyTest[];
}

/**
 * The DTU's tested properties, judged for a task: the task's test firmware
 * version, when it has one, is the standard of VERSION (the catalogue: "与任务的测试固件版本比对").
 */
export async function dtuTestingOf(db: Kysely<Database>, dtuId: number, testFirmwareVersion: string): Promise<DtuTesting> {
  const dtu = await db.selectFrom('dtu').select(['connectInternet', 'communicationType']).where('id', '=', dtuId).executeTakeFirstOrThrow();
  const communicationType = dtu.connectInternet === 1 ? dtu.communicationType : null;
  const autoRows = await db.selectFrom('dtu_auto_property').selectAll().where('dtuId', '=', dtuId).where('status', '=', 1).orderBy('id').execute();
  const serialRows =
    communicationType === BLUETOOTH
      ? await db.selectFrom('dtu_serial_property').selectAll().where('dtuId', '=', dtuId).where('status', '=', 1).orderBy('id').execute()
      : [];
  const autoUnits = autoCatalogue(communicationType);
  const serialUnits = serialCatalogue(communicationType);
  const auto = autoRows.map((row): TestedAuto => {
    // VERSION is judged against the task's test firmware when the task names one
    const versionAim = row.code === VERSION && row.dataType === 'string' && row.uniqueValue !== 1 && testFirmwareVersion;
    const property = autoPropertyOf(versionAim ? { ...row, aimValue: testFirmwareVersion } : row, '');
    return { property, item: autoPropertyItem(property), unit: autoUnits.find((entry) => entry.code === row.code)?.unit ?? null };
  });
  const serial = serialRows.map((row): TestedSerial => {
    const unit = serialUnits.find((entry) => entry.code === row.code)?.unit ?? null;
    const property = serialPropertyOf(row, communicationType, '');
    return { property, item: serialPropertyItem(property), unit };
  });
  return { dtuId, communicationType, identity: unitIdentityOf(communicationType), auto, serial, keyTests: keyTestsOf(communicationType) };
}

/** One value of a report as a dtu_test_value row holds it. */
export interface JudgedValue {
  kind: 'AUTO' | 'SERIAL' | 'BASE';
  propertyId: number | null;
  code: string;
  name: string;
  value: string | null;
  /** 1 pass, 0 fail, null not judged (BASE) */
  pass: number | null;
}

const VALUE_MAX = 256;

/**
 * A report's values judged (DESIGN.md §9.6): a key of a tested automatic property
 * is AUTO, of a tested serial property SERIAL (a key may be both), any other key
 * BASE, kept unjudged under its catalogue name. SERVER_VERIFY is the server's to
 * judge: a unit reporting it is not taken at its word.
 */
export function judgeReport(testing: DtuTesting, content: ReportContent): JudgedValue[] {
  const catalogue = [...autoCatalogue(testing.communicationType), ...serialCatalogue(testing.communicationType)];
  const judged: JudgedValue[] = [];
  for (const [code, raw] of Object.entries(content)) {
    if (code === SERVER_VERIFY) continue;
    const autos = testing.auto.filter((tested) => tested.property.code === code);
    const serials = testing.serial.filter((tested) => tested.property.code === code);
    for (const { property, item } of autos) {
      const { value, result } = judgeValue(item, raw);
      judged.push({ kind: 'AUTO', propertyId: property.id, code, name: property.name, value: clip(value), pass: result });
    }
    for (const { property, item } of serials) {
      const { value, result } = judgeValue(item, raw);
      judged.push({ kind: 'SERIAL', propertyId: property.id, code, name: property.name, value: clip(value), pass: result });
    }
    if (autos.length === 0 && serials.length === 0) {
      const name = catalogue.find((entry) => entry.code === code)?.name ?? code;
      judged.push({ kind: 'BASE', propertyId: null, code, name, value: raw === null ? null : clip(String(raw)), pass: null });
    }
  }
  return judged;
}

const clip = (value: string | null) => (value === null ? null : value.slice(0, VALUE_MAX));

/**
 * The unit's other identity when a report names it (DESIGN: dtu_test.imei / mac hold
 * the identity and the other one): a THREE_2_ONE unit's MAC, a WIFI unit's IMEI.
 */
export function otherIdentityOf(testing: DtuTesting, content: ReportContent): { imei?: string; mac?: string } {
  const key = testing.identity === 'IMEI' ? 'MAC' : 'IMEI';
  const raw = content[key];
  if (typeof raw !== 'string' && typeof raw !== 'number') return {};
  const value = String(raw).trim().toUpperCase();
  if (value.length === 0 || value.length > 64 || !UNIT_CODE_PATTERN.test(value)) return {};
  return key === 'MAC' ? { mac: value } : { imei: value };
}

/** A unique value as claimed and compared: trimmed, upper case (a MAC in either case is one MAC). */
export const claimValueOf = (value: string) => value.trim().toUpperCase();

/** The DTU's other (manual) properties under test, by id: what people judge on each sample (issue 18). */
export function otherPropertiesUnderTest(db: Kysely<Database>, dtuId: number) {
  return db
    .selectFrom('dtu_other_property')
    .select(['id', 'category', 'property', 'checkTool', 'checkStandard'])
    .where('dtuId', '=', dtuId)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
}
