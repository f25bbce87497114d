import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import { fixtureImei, type OwnIds, type World } from './fixtures.js';
import { idKindByName, type Resolve, type RouteShape } from './route-shapes.js';
import { isExempt, SCOPE_TABLE } from './scope-table.js';

/** Ids of the shared reference lists, the same for every caller. */
export interface Lookups {
  byName: Record<string, unknown>;
}

export async function lookupsOf(db: Kysely<Database>): Promise<Lookups> {
  const first = async (table: 'product_type' | 'data_format' | 'unit' | 'terminal_category' | 'communication_type' | 'menu') =>
    (await db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return {
    byName: {
      productTypeId: await first('product_type'),
      dataFormatId: await first('data_format'),
      unitId: await first('unit'),
      categoryId: await first('terminal_category'),
      communicationId: 'noInternet',
      dataTypeId: 'int',
      menuId: await first('menu'),
    },
  };
}

/** Values that are neither a caller's rows nor lookups: the fixtures' own, and names that must not exist. */
function specials(world: World): Record<string, unknown> {
  return {
    'GET /api/user/code query.id': world.captchaId,
    'POST /api/user/login body.codeId': world.captchaId,
    // Sign-in attempts go to a name that does not exist, so no real account is locked out.
    'POST /api/user/login body.username': 'fuzz_nobody',
    'POST /api/station/login body.username': 'fuzz_nobody',
    'POST /api/station/login body.terminalCode': world.stationTerminalCode,
    'GET /api/file/:key path.key': world.fileKey,
    'GET /api/productionCode/qr/:file path.file': world.qrFile,
    'POST /api/document/delete body.id': world.documentId,
  };
}

/**
 * Values a route's rules ask for beyond its schema (a numeric property needs its
 * range, an overall check its SN), so that the plausible input reaches the handler.
 */
const PLAUSIBLE: Record<string, (ids: OwnIds, world: World) => Record<string, unknown>> = {
  'POST /api/property/add': () => ({ 'body.min': 0, 'body.max': 100 }),
  'POST /api/property/edit': () => ({ 'body.min': 0, 'body.max': 100 }),
  'POST /api/station/result': (ids) => ({ 'body.sn': `SN${ids.productionCode}`, 'body.startTime': Date.now() - 30_000, 'body.endTime': Date.now() }),
  'POST /api/user/create': (ids) => ({ 'body.facLineVos': [{ factoryId: ids.factory, lineId: [ids.line] }] }),
  'POST /api/user/edit': (ids) => ({ 'body.facLineVos': [{ factoryId: ids.factory, lineId: [ids.line] }] }),
  'POST /api/pad/setPad': (ids) => ({ 'body.flowId2PadId': [{ flowId: ids.newTaskFlow, padIdList: [ids.idleTerminal] }] }),
  // the accessory catalogue: a voltage in digits, a DTU's two images, a property the DTU's catalogue offers
  'POST /api/fitting/add': () => ({ 'body.partDesc': uniqueWord('配件') }),
  'POST /api/fitting/edit': () => ({ 'body.partDesc': uniqueWord('配件') }),
  'POST /api/dtu/add': (_ids, world) => dtuValues(world),
  'POST /api/dtu/edit': (_ids, world) => dtuValues(world),
  'POST /api/communication/add': () => moduleValues(),
  'POST /api/communication/edit': () => moduleValues(),
  'POST /api/communication/dtuAdd': () => ({ 'body.dtuType': uniqueWord('FZ') }),
  'POST /api/communication/dtuEdit': () => ({ 'body.dtuType': uniqueWord('FZ') }),
  'POST /api/otherProperty/add': () => otherValues(),
  'POST /api/otherProperty/edit': () => otherValues(),
  'POST /api/serialProperty/add': () => ({ 'body.code': 'BAUD_RATE', 'body.verifyRule': 'EQUAL', 'body.aimValue': '9600' }),
  'POST /api/serialProperty/edit': () => ({ 'body.code': 'SERIAL_LOOPBACK', 'body.verifyRule': 'EQUAL', 'body.aimValue': 'OK' }),
  'POST /api/autoProperty/add': () => autoValues('BATTERY'),
  'POST /api/autoProperty/edit': () => autoValues('RSSI'),
  // a THREE_2_ONE task delivering major/minor (the spec's Excel), its PAD idle, due tomorrow
  'POST /api/dtuTask/add': (ids) => dtuTaskValues(ids),
  'POST /api/dtuTask/edit': (ids) => dtuTaskValues(ids),
  'GET /api/dtuTask/find': (ids) => ({ 'query.mac': fixtureImei(ids.dtuTask) }),
  'POST /api/station/dtu/scan': () => ({ 'body.imei': '869000000000001', 'body.mac': null }),
  'POST /api/station/dtu/report': () => ({ 'body.imei': '869000000000001', 'body.mac': null, 'body.content': { CSQ: 20 } }),
  'GET /api/station/dtu/unit': () => ({ 'query.imei': '869000000000001' }),
  'POST /api/station/dtu/result': () => ({ 'body.imei': '869000000000001', 'body.mac': null, 'body.keyResults': [] }),
  'POST /api/station/dtu/sample': () => ({ 'body.imei': '869000000000001', 'body.mac': null }),
};

function dtuTaskValues(ids: OwnIds): Record<string, unknown> {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return {
    'body.fittingType': uniqueWord('FZ'),
    'body.reworkTask': false,
    'body.pads': [ids.dtuPad],
    'body.padsForComCheck': [],
    'body.expireTime': tomorrow,
    'body.productionNumber': 20,
    'body.testFirmwareVersion': '1.0.0',
    'body.needExcel': true,
    'body.duplicateEnable': false,
  };
}

let words = 0;
/** Letters and digits only, new each time (models are unique). */
function uniqueWord(prefix: string): string {
  words += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${words}`;
}

function moduleValues(): Record<string, unknown> {
  return { 'body.modelType': uniqueWord('MOD'), 'body.standardVoltage': '3.8', 'body.communicationType': 'WIFI', 'body.productCompany': '上海移远通信' };
}

function otherValues(): Record<string, unknown> {
  return { 'body.category': '外观检查', 'body.property': '外壳', 'body.checkTool': '目测', 'body.checkStandard': '无划痕' };
}

function dtuValues(world: World): Record<string, unknown> {
  return {
    'body.dtuType': uniqueWord('DTU'),
    'body.modelType': 'EC800M_CN',
    'body.productCompany': '海容物联',
    'body.standardVoltage': '5.0',
    'body.bandRate': 9600,
    'body.connectInternet': true,
    'body.communicationType': 'bluetooth',
    'body.testFirmwareUrl': null,
    'body.productFileUrl': null,
    'body.bomListFileUrl': null,
    'body.otherRequestFileUrl': null,
    'body.frontImageUrl': world.imageUrl,
    'body.backImageUrl': world.imageUrl,
  };
}

function autoValues(code: string): Record<string, unknown> {
  return { 'body.name': '电池电量', 'body.code': code, 'body.dataType': 'int', 'body.verifyRule': 'RANGE', 'body.minValue': '0', 'body.maxValue': '100', 'body.unique': false };
}

/**
 * Which value a field of a route gets for a caller: the scope table's kind from
 * the caller's own rows first, then the fixtures' specials, the lookups, and the
 * ids a field's name suggests.
 */
export function resolverFor(shape: RouteShape, ids: OwnIds, world: World, lookups: Lookups): Resolve {
  const table = SCOPE_TABLE[shape.key] ?? {};
  const special = specials(world);
  const plausible = PLAUSIBLE[shape.key]?.(ids, world) ?? {};
  return ({ label, name }) => {
    if (label in plausible) return plausible[label];
    const classified = table[label];
    if (classified && !isExempt(classified)) return ids[classified.kind];
    const known = special[`${shape.key} ${label}`];
    if (known !== undefined) return known;
    if (name in lookups.byName) return lookups.byName[name];
    if (classified) return undefined;
    const kind = idKindByName(shape.url, name);
    return kind ? ids[kind as keyof OwnIds] : undefined;
  };
}
