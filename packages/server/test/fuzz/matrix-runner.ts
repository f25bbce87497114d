import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/platform/password.js';
import type { Database } from '../../src/platform/schema.js';
import type { TestContext } from '../test-app.js';
import { type Caller, insertAccount, insertRole, type OwnIds, signIn, USER_PASSWORD, type World } from './fixtures.js';
import { checkEnvelope, send, wire } from './http.js';
import { isIdName, mainBranch } from './json-schema.js';
import { defaultBody } from './mutations.js';
import {
  handlerNeeds,
  invalidInput,
  type MatrixInput,
  type MenuNode,
  type Need,
  nodesGranting,
  REFINE_PROBES,
  refinedNeed,
  withValues,
} from './permission-cases.js';
import { excerpt, type Failure } from './report.js';
import { type Lookups, lookupsOf, resolverFor } from './resolve.js';
import { baseInput, byRisk, fieldsOf, type OpenApiDocument, type RouteShape, shapeOf } from './route-shapes.js';
import { openApiPath, type RouteInfo } from './route-table.js';
import { type Counts, differences, rowCounts, tablesOf } from './row-counts.js';
import { type IdKind, isExempt, KIND_SCOPE, SCOPE_TABLE, type ScopedField } from './scope-table.js';

export function shapesOf(routes: readonly RouteInfo[], document: OpenApiDocument): RouteShape[] {
  return routes.flatMap((route) => {
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    return operation ? [shapeOf(route, operation)] : [];
  });
}

interface Probe {
  shape: RouteShape;
  token: string;
  caller: string;
  request: MatrixInput;
}

interface Sent {
  status: number;
  body: string;
  /** rows a write changed (empty for reads and unchanged writes) */
  changed: string[];
  envelope: string | null;
}

async function sendProbe(t: TestContext, tables: readonly string[], probe: Probe): Promise<Sent> {
  const writes = probe.shape.method !== 'GET';
  const db = t.app.db.kysely;
  const before: Counts | null = writes ? await rowCounts(db, t.config.filesDir, tables) : null;
  const answer = await send(t.app, wire(probe.shape, probe.request.input, probe.request.body, probe.token));
  const changed = before ? differences(before, await rowCounts(db, t.config.filesDir, tables)) : [];
  const envelope = checkEnvelope(answer, probe.shape.answersJson);
  return { status: answer.hung ? 0 : answer.status, body: answer.body, changed, envelope: envelope.ok ? null : (envelope.why ?? 'not the envelope') };
}

function needLabel(need: Need | { kind: string; menu?: string; menus?: readonly string[]; fun?: string; funs?: readonly string[] }): string {
  if ('kind' in need) {
    if (need.kind === 'anyMenu') return `any of ${need.menus!.join(' ')}`;
    if (need.kind === 'anyFun') return `${need.menu}:${need.funs!.join('|')}`;
  }
  return need.fun ? `${need.menu}:${need.fun}` : `${need.menu!}`;
}

export interface MatrixRun {
  requests: number;
  failures: Failure[];
  /** routes with no input their validation refuses (only the plausible input is tried) */
  notes: string[];
}

/**
 * Every route that needs a menu or a button × a user whose role holds every
 * grant but that one: 403, with an input validation would refuse (so the 403
 * comes before validation) and with a plausible one, nothing changed. A control
 * user holding every grant sends the same invalid input and must get past the
 * permission (not 401, not 403), so a wrong row of the matrix shows.
 */
export async function runPermissionMatrix(t: TestContext, shapes: readonly RouteShape[], world: World): Promise<MatrixRun> {
  const db = t.app.db.kysely;
  const tables = await tablesOf(db, t.app.db.dialect);
  const lookups = await lookupsOf(db);
  const menus = (await db.selectFrom('menu').select(['id', 'url', 'type', 'funCode']).execute()) as MenuNode[];
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(USER_PASSWORD);
  const lacking = new Map<string, string>();
  const failures: Failure[] = [];
  const notes: string[] = [];
  let requests = 0;

  /** A signed-in user under the administrator whose role grants every menu node except `missing`. */
  const userLacking = async (missing: readonly MenuNode[]): Promise<string> => {
    const key = missing.map((node) => node.id).sort((a, b) => a - b).join(',');
    const known = lacking.get(key);
    if (known) return known;
    const without = new Set(missing.map((node) => node.id));
    const roleId = await insertRole(db, admin.id, world.menuIds.filter((id) => !without.has(id)));
    const account = await insertAccount(db, passwordHash, { parentId: admin.id, roleId, prefix: 'lack' });
    const token = await signIn(t.app, account.userName);
    lacking.set(key, token);
    return token;
  };

  for (const shape of [...shapes].sort(byRisk)) {
    const permission = shape.route.permission;
    const probes = REFINE_PROBES[shape.key] ?? [];
    const handler = handlerNeeds(world)[shape.key] ?? [];
    const base = baseInput(shape, resolverFor(shape, world.adminIds, world, lookups));
    const needs: { need: string; missing: MenuNode[]; values: Record<string, unknown> }[] = [];
    if (permission && permission.kind !== 'public' && permission.kind !== 'session') {
      needs.push({ need: needLabel(permission), missing: nodesGranting(permission, menus), values: probes[0] ?? {} });
    }
    const refined: MenuNode[] = [];
    for (const values of probes) {
      const need = refinedNeed(shape, withValues(shape, base, values));
      if (!need) {
        failures.push({ route: shape.key, caller: '-', where: JSON.stringify(values), what: 'refinement probe asks for nothing', status: 0, detail: 'fix REFINE_PROBES' });
        continue;
      }
      needs.push({ need: needLabel(need), missing: nodesGranting(need, menus), values });
      refined.push(...nodesGranting(need, menus));
    }
    // A role holding none of what any input could need is refused whatever the input,
    // even one whose refinement can not tell what it asks for (status null, no type).
    if (refined.length > 0) needs.push({ need: 'every grant its refinements ask for', missing: refined, values: {} });
    for (const { need, missing, values } of needs) {
      if (missing.length === 0) {
        failures.push({ route: shape.key, caller: '-', where: need, what: 'need names no seeded menu node', status: 0, detail: 'the route asks for a menu or button the menu tree lacks' });
        continue;
      }
      const token = await userLacking(missing);
      const invalid = invalidInput(shape, base, values);
      const plausible = withValues(shape, base, values);
      const requestsOf: MatrixInput[] = [{ label: 'plausible input', input: plausible, body: defaultBody(shape, plausible) }];
      if (invalid) requestsOf.unshift(invalid);
      else if (!notes.includes(shape.key)) notes.push(shape.key);
      for (const request of requestsOf) {
        const sent = await sendProbe(t, tables, { shape, token, caller: `lacking ${need}`, request });
        requests += 1;
        const failure = (detail: string) => failures.push({ route: shape.key, caller: `lacking ${need}`, where: request.label, what: 'not refused with 403', status: sent.status, detail });
        if (sent.status !== 403) failure(excerpt(sent.body));
        else if (sent.envelope) failure(`403 but ${sent.envelope}`);
        if (sent.changed.length > 0) failures.push({ route: shape.key, caller: `lacking ${need}`, where: request.label, what: 'refused for permission but changed rows', status: sent.status, detail: sent.changed.join(', ') });
      }
      if (invalid) {
        const control = await sendProbe(t, tables, { shape, token: world.owner.token, caller: 'control (every grant)', request: invalid });
        requests += 1;
        if (control.status === 401 || control.status === 403 || control.status >= 500) {
          failures.push({ route: shape.key, caller: 'control (every grant)', where: invalid.label, what: 'control refused: the matrix row is wrong', status: control.status, detail: excerpt(control.body) });
        }
      }
    }
    for (const { lacking: missingNeeds, input: given } of handler) {
      const token = await userLacking(missingNeeds.flatMap((need) => nodesGranting(need, menus)));
      const caller = `lacking ${missingNeeds.map(needLabel).join(' ')}`;
      const plausible = given === 'invalid' ? null : withValues(shape, base, given);
      const request = plausible ? { label: 'plausible input', input: plausible, body: defaultBody(shape, plausible) } : invalidInput(shape, base, {});
      if (!request) {
        failures.push({ route: shape.key, caller, where: 'invalid input', what: 'validation refuses no input of this route', status: 0, detail: 'handlerNeeds asks for one' });
        continue;
      }
      const sent = await sendProbe(t, tables, { shape, token, caller, request });
      requests += 1;
      if (sent.status !== 403) failures.push({ route: shape.key, caller, where: request.label, what: 'not refused with 403', status: sent.status, detail: excerpt(sent.body) });
      if (sent.changed.length > 0) failures.push({ route: shape.key, caller, where: request.label, what: 'refused for permission but changed rows', status: sent.status, detail: sent.changed.join(', ') });
    }
  }
  return { requests, failures, notes };
}

/** Every id-like field of every route (by name: id, …Id, …Ids), in the scope table's notation. */
export function idFieldsOf(shape: RouteShape): string[] {
  return fieldsOf(shape)
    .filter((field) => isIdName(field.name) && !field.label.endsWith('[]'))
    .map((field) => field.label);
}

/** The rows an answer carries: its data when a list, else every list among data's fields; null when none. */
function listIn(body: string): unknown[] | null {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    if (Array.isArray(data)) return data;
    if (data && typeof data === 'object') {
      const lists = Object.values(data).filter((value): value is unknown[] => Array.isArray(value));
      return lists.length > 0 ? lists.flat() : null;
    }
  } catch {
    // not JSON
  }
  return null;
}

function outsidersOf(field: ScopedField, world: World): { name: string; caller: Caller }[] {
  const outsiders = [{ name: 'other tenant', caller: world.stranger }];
  if (KIND_SCOPE[field.kind] !== 'tenant' || field.lineBound) outsiders.unshift({ name: 'sibling sub-user', caller: world.sibling });
  return outsiders;
}

function expectation(field: ScopedField, outsider: string): string {
  if (field.role === 'target') return '404';
  if (field.role === 'filter') return '404 or an empty list';
  return field.lineBound && outsider === 'sibling sub-user' ? 'refused' : 'refused as an id that exists nowhere is';
}

function errorMsgOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { errorMsg?: unknown }).errorMsg;
  } catch {
    return undefined;
  }
}

/** An id of each kind that no row has: what a reference to another's row must look like from outside. */
function nowhere(kind: IdKind): string | number {
  return kind === 'productionCode' ? 'ZZZZZZZZZZ' : 2_147_480_000;
}

/**
 * Every scoped id of the scope table × each outsider (the sibling sub-user on
 * another line, the other tenant's root account): the caller sends its own
 * plausible input with the owner's id in that one field. A control sends the
 * owner's own input as the owner and must get past validation and lookup (not
 * 400, 401, 403 or 404), which shows the 404s are about scope, not a bad input.
 */
export async function runScopeMatrix(t: TestContext, shapes: readonly RouteShape[], world: World): Promise<MatrixRun> {
  const db: Kysely<Database> = t.app.db.kysely;
  const tables = await tablesOf(db, t.app.db.dialect);
  const lookups: Lookups = await lookupsOf(db);
  const failures: Failure[] = [];
  let requests = 0;
  const ownerIds: OwnIds = world.owner.ids;

  for (const shape of [...shapes].sort(byRisk)) {
    const table = SCOPE_TABLE[shape.key];
    if (!table) continue;
    for (const [label, classified] of Object.entries(table)) {
      if (isExempt(classified)) continue;
      const field = fieldsOf(shape).find((candidate) => candidate.label === label);
      if (!field) continue;
      const theirs = ownerIds[classified.kind];
      for (const { name, caller } of outsidersOf(classified, world)) {
        const own = baseInput(shape, resolverFor(shape, caller.ids, world, lookups));
        const isListField = mainBranch(field.schema).type === 'array';
        const value = isListField ? [theirs] : theirs;
        const input = withValues(shape, own, { [label]: value });
        const sent = await sendProbe(t, tables, { shape, token: caller.token, caller: name, request: { label, input, body: defaultBody(shape, input) } });
        requests += 1;
        const expected = expectation(classified, name);
        const what = `${classified.role} ${classified.kind} of another → ${expected}`;
        let holds: boolean;
        let detail = excerpt(sent.body);
        if (classified.role === 'target') holds = sent.status === 404;
        else if (classified.role === 'filter') holds = sent.status === 404 || (sent.status === 200 && listIn(sent.body)?.length === 0);
        else if (expected === 'refused') holds = sent.status >= 400 && sent.status < 500;
        else {
          const missing = isListField ? [nowhere(classified.kind)] : nowhere(classified.kind);
          const input = withValues(shape, own, { [label]: missing });
          const unknown = await sendProbe(t, tables, { shape, token: caller.token, caller: name, request: { label, input, body: defaultBody(shape, input) } });
          requests += 1;
          holds = sent.status >= 400 && sent.status < 500 && sent.status === unknown.status && errorMsgOf(sent.body) === errorMsgOf(unknown.body);
          detail = `${detail}; for an id of nobody's: ${unknown.status} ${excerpt(unknown.body)}`;
        }
        if (!holds) failures.push({ route: shape.key, caller: name, where: label, what, status: sent.status, detail });
        if (sent.status >= 400 && sent.changed.length > 0) {
          failures.push({ route: shape.key, caller: name, where: label, what: 'refused but changed rows', status: sent.status, detail: sent.changed.join(', ') });
        }
      }
      const own = baseInput(shape, resolverFor(shape, ownerIds, world, lookups));
      const control = await sendProbe(t, tables, { shape, token: world.owner.token, caller: 'owner', request: { label, input: own, body: defaultBody(shape, own) } });
      requests += 1;
      if ([400, 401, 403, 404].includes(control.status) || control.status >= 500 || control.status === 0) {
        failures.push({
          route: shape.key,
          caller: 'owner (control)',
          where: label,
          what: 'the owner’s own input is refused: the scope case proves nothing',
          status: control.status,
          detail: excerpt(control.body),
        });
      }
    }
  }
  return { requests, failures, notes: [] };
}

/** Marker texts of rows: unique names and codes that appear in an answer only if the row does. */
async function markersOf(db: Kysely<Database>, scope: { ownerId: number; lineId?: number }): Promise<string[]> {
  const tasks = db
    .selectFrom('task')
    .innerJoin('task_line', 'task_line.taskId', 'task.id')
    .where('task.ownerId', '=', scope.ownerId)
    .$if(scope.lineId !== undefined, (query) => query.where('task_line.lineId', '=', scope.lineId!));
  const taskRows = await tasks.select(['task.id', 'task.productNumber']).execute();
  const taskIds = taskRows.map((row) => row.id);
  const codes = taskIds.length > 0 ? await db.selectFrom('production_code').select('code').where('taskId', 'in', taskIds).execute() : [];
  const terminals = await db
    .selectFrom('terminal')
    .select('terminalCode')
    .where('ownerId', '=', scope.ownerId)
    .$if(scope.lineId !== undefined, (query) => query.where('lineId', '=', scope.lineId!))
    .execute();
  const markers = [...taskRows.map((row) => row.productNumber), ...codes.map((row) => row.code), ...terminals.map((row) => row.terminalCode)];
  if (scope.lineId === undefined) {
    const products = await db.selectFrom('product').select(['number', 'code']).where('ownerId', '=', scope.ownerId).execute();
    const lines = await db
      .selectFrom('production_line')
      .innerJoin('factory', 'factory.id', 'production_line.factoryId')
      .select(['production_line.lineName', 'production_line.lineNum', 'factory.factoryName'])
      .where('factory.ownerId', '=', scope.ownerId)
      .execute();
    markers.push(...products.flatMap((row) => [row.number, row.code]), ...lines.flatMap((row) => [row.lineName, row.lineNum, row.factoryName]));
  }
  return [...new Set(markers)].filter((marker) => marker.length >= 4);
}

function leaked(body: string, markers: readonly string[]): string[] {
  return markers.filter((marker) => new RegExp(`(?<![A-Za-z0-9_])${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`).test(body));
}

/**
 * Whatever a list or a dashboard shows, it shows nothing of another's scope: every
 * read (JSON answers) as the other tenant carries no name or code of tenant A's
 * (its products, lines, factories, terminals, production codes), and the
 * production views (tasks, records, boards, dashboard, terminals) as the sibling
 * sub-user carry nothing of the owner's line (its tasks' products, its terminals,
 * its production codes).
 */
export async function runLeakMatrix(t: TestContext, shapes: readonly RouteShape[], world: World): Promise<MatrixRun> {
  const db = t.app.db.kysely;
  const lookups = await lookupsOf(db);
  const tenantA = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const ofTenant = await markersOf(db, { ownerId: tenantA.id });
  const ofLine = await markersOf(db, { ownerId: tenantA.id, lineId: world.owner.ids.line });
  const failures: Failure[] = [];
  let requests = 0;
  const productionViews = /^\/api\/(dataCenter|board|productionRecord|task|pad|terminal|device|flow\/(checkDetail|historyList)|station)\//;
  for (const shape of [...shapes].sort(byRisk)) {
    if (shape.method !== 'GET' || !shape.answersJson || shape.route.permission?.kind === 'public') continue;
    const viewers: { name: string; caller: Caller; markers: string[] }[] = [{ name: 'other tenant', caller: world.stranger, markers: ofTenant }];
    if (productionViews.test(shape.url)) viewers.push({ name: 'sibling sub-user', caller: world.sibling, markers: ofLine });
    for (const viewer of viewers) {
      const input = baseInput(shape, resolverFor(shape, viewer.caller.ids, world, lookups));
      const answer = await send(t.app, wire(shape, input, defaultBody(shape, input), viewer.caller.token));
      requests += 1;
      if (answer.status !== 200) continue;
      const found = leaked(answer.body, viewer.markers);
      if (found.length > 0) {
        failures.push({ route: shape.key, caller: viewer.name, where: 'its own plausible input', what: 'shows another’s rows', status: answer.status, detail: found.slice(0, 6).join(', ') });
      }
    }
  }
  return { requests, failures, notes: [] };
}
