import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import type { OwnIds, World } from './fixtures.js';
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
const PLAUSIBLE: Record<string, (ids: OwnIds) => Record<string, unknown>> = {
  'POST /api/property/add': () => ({ 'body.min': 0, 'body.max': 100 }),
  'POST /api/property/edit': () => ({ 'body.min': 0, 'body.max': 100 }),
  'POST /api/station/result': (ids) => ({ 'body.sn': `SN${ids.productionCode}`, 'body.startTime': Date.now() - 30_000, 'body.endTime': Date.now() }),
  'POST /api/user/create': (ids) => ({ 'body.facLineVos': [{ factoryId: ids.factory, lineId: [ids.line] }] }),
  'POST /api/user/edit': (ids) => ({ 'body.facLineVos': [{ factoryId: ids.factory, lineId: [ids.line] }] }),
  'POST /api/pad/setPad': (ids) => ({ 'body.flowId2PadId': [{ flowId: ids.newTaskFlow, padIdList: [ids.idleTerminal] }] }),
};

/**
 * Which value a field of a route gets for a caller: the scope table's kind from
 * the caller's own rows first, then the fixtures' specials, the lookups, and the
 * ids a field's name suggests.
 */
export function resolverFor(shape: RouteShape, ids: OwnIds, world: World, lookups: Lookups): Resolve {
  const table = SCOPE_TABLE[shape.key] ?? {};
  const special = specials(world);
  const plausible = PLAUSIBLE[shape.key]?.(ids) ?? {};
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
