import { DOCUMENT_MENU, type FunCode, type Permission } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { World } from './fixtures.js';
import type { Body } from './http.js';
import { defaultBody, HUGE } from './mutations.js';
import { fieldsOf, type RouteInput, type RouteShape, withField } from './route-shapes.js';
import { mainBranch } from './json-schema.js';

/** A menu node as the role editor grants it: a menu (type 0) or one of its buttons (type 1). */
export interface MenuNode {
  id: number;
  url: string;
  type: number;
  funCode: string | null;
}

/** What one call needs: a menu, or a button of it. */
export interface Need {
  menu: string;
  fun?: FunCode;
}

/** The menu nodes that grant a permission: a role lacking all of them lacks it. */
export function nodesGranting(permission: Permission | Need, menus: readonly MenuNode[]): MenuNode[] {
  const menuAndButtons = (url: string) => menus.filter((node) => node.url === url);
  const button = (url: string, funs: readonly string[]) => menus.filter((node) => node.url === url && node.type === 1 && funs.includes(node.funCode ?? ''));
  if (!('kind' in permission)) return permission.fun ? button(permission.menu, [permission.fun]) : menuAndButtons(permission.menu);
  switch (permission.kind) {
    case 'menu':
      return permission.fun ? button(permission.menu, [permission.fun]) : menuAndButtons(permission.menu);
    case 'anyMenu':
      return permission.menus.flatMap(menuAndButtons);
    case 'anyFun':
      return button(permission.menu, permission.funs);
    default:
      return [];
  }
}

/**
 * Inputs that make a route ask for a finer permission (refinePermission): the
 * button a status change needs follows the status asked for, the menu of a
 * document call follows its type. The matrix asks the route's own refinement
 * what each probe needs; it fails when a refining route has no probes here.
 */
export const REFINE_PROBES: Record<string, Record<string, unknown>[]> = {
  'POST /api/line/changeStatus': [{ 'query.status': '1' }, { 'query.status': '0' }],
  'POST /api/user/changeStatus': [{ 'body.status': 1 }, { 'body.status': 0 }],
  'POST /api/role/changeStatus': [{ 'body.status': 1 }, { 'body.status': 0 }],
  'GET /api/document/list': Object.keys(DOCUMENT_MENU).map((type) => ({ 'query.type': type })),
  'POST /api/document/upload': Object.keys(DOCUMENT_MENU).map((type) => ({ 'query.type': type })),
};

/**
 * Needs a handler checks itself (which button deletes a document depends on the
 * document's type, known once the row is read). Each entry: the menu nodes a role
 * lacks, and the input: a plausible one with the values given, or an invalid one
 * (`invalid`), which must still be refused with 403 when the role holds none of
 * the buttons the call could need.
 */
export interface HandlerNeed {
  lacking: Need[];
  input: Record<string, unknown> | 'invalid';
}

export function handlerNeeds(world: World): Record<string, HandlerNeed[]> {
  const deleteButtons = Object.values(DOCUMENT_MENU).map((menu): Need => ({ menu, fun: 'delete' }));
  return {
    'POST /api/document/delete': [
      { lacking: [{ menu: DOCUMENT_MENU.SERVER_DOC, fun: 'delete' }], input: { 'body.id': world.documentId } },
      { lacking: deleteButtons, input: 'invalid' },
    ],
  };
}

/**
 * Calls open to every signed-in user, or to anyone, that change something: each
 * is a decision, written here with its reason. A new write without a menu fails
 * the matrix until it names one or joins this list.
 */
export const OPEN_WRITES: Record<string, string> = {
  'POST /api/user/login': 'signing in',
  'POST /api/platform/login': 'signing in with a platform code',
  'POST /api/user/logout': 'ending one’s own session',
  'POST /api/user/editPassword': 'changing one’s own password',
  'POST /api/station/login': 'a station signs in (the station guard checks the APP menu)',
  'POST /api/station/logout': 'a station ends its own session',
  'POST /api/station/result': 'a station session reports results (the station guard checks the APP menu)',
  'POST /api/station/stock/in': 'a PDA session stocks a unit in (the station guard, then the PDA APP menu 入库)',
  'POST /api/station/stock/closeBatch': 'a PDA session closes a batch (the station guard, then the PDA APP menu 入库)',
  'POST /api/station/stock/out': 'a PDA session ships a unit (the station guard, then the PDA APP menu 出库)',
  'POST /api/station/spotCheck/result': 'a PDA session records a spot check (the station guard, then the PDA APP menu 抽检)',
  'POST /api/station/dtu/scan': 'a PAD session puts a unit under test (the station guard, then the PAD APP menu 配件检测)',
  'POST /api/station/dtu/report': 'a PAD session posts values it read off the unit (the station guard, then the PAD APP menu 配件检测)',
  'POST /api/station/dtu/result': 'a PAD session posts a unit’s result (the station guard, then the PAD APP menu 配件检测)',
  'POST /api/station/dtu/sample': 'a sampling PAD session posts the other checks of a sample (the station guard, then the PAD APP menu 配件检测)',
};

/** A request of the matrix: the input, how it travels, and whether validation must refuse it. */
export interface MatrixInput {
  label: string;
  input: RouteInput;
  body: Body;
}

/** The input with the fields named (`query.x`, `body.x`) set. */
export function withValues(shape: RouteShape, input: RouteInput, values: Record<string, unknown>): RouteInput {
  let result = input;
  const fields = fieldsOf(shape);
  for (const [label, value] of Object.entries(values)) {
    const field = fields.find((candidate) => candidate.label === label);
    if (!field) throw new Error(`${shape.key} has no field ${label}`);
    result = withField(result, field, value);
  }
  return result;
}

/** What the route's own schemas say of an input: false when validation refuses it. */
export function validates(shape: RouteShape, input: RouteInput): boolean {
  const pass = (schema: ZodType | undefined, value: unknown) => schema === undefined || schema.safeParse(value).success;
  const query = Object.fromEntries(Object.entries(input.query).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)]));
  return pass(shape.route.querystring, query) && pass(shape.route.body ?? shape.multipart?.jsonPart?.zod ?? shape.multipart?.fieldParts?.zod, input.body ?? {});
}

/**
 * An input the route's validation refuses, when there is one: every field made
 * the wrong type (numbers as text, text as nested arrays or NUL-carrying), then
 * the refinement probe's own values put back. For a multipart route without a
 * JSON schema, a JSON body where the file should be.
 */
export function invalidInput(shape: RouteShape, base: RouteInput, probe: Record<string, unknown>): MatrixInput | null {
  // Tried in turn until validation refuses one: [body value, query number, query text].
  const attempts: [unknown, string, string][] = [
    [[[[[1]]]], 'abc', '   '],
    ['abc', 'abc', `\u0000${HUGE}`],
    [null, '-1', ''],
  ];
  for (const [bodyValue, number, text] of attempts) {
    let input = base;
    for (const field of fieldsOf(shape)) {
      if (field.path.some((step) => typeof step === 'number')) continue;
      if (field.where === 'body' && field.path.length > 1) continue;
      const type = mainBranch(field.schema).type;
      const wrong = field.where === 'body' ? bodyValue : type === 'integer' || type === 'number' ? number : text;
      input = withField(input, field, wrong);
    }
    input = withValues(shape, input, probe);
    if (shape.multipart && !shape.multipart.jsonPart) {
      return { label: 'invalid input (no file, query of wrong types)', input, body: { kind: 'json', value: {} } };
    }
    if (!validates(shape, input)) return { label: 'invalid input (every field of a wrong type)', input, body: defaultBody(shape, input) };
  }
  return null;
}

/** What a refinement asks for this input, read from the route itself. */
export function refinedNeed(shape: RouteShape, input: RouteInput): Need | undefined {
  const refine = shape.route.config.refinePermission;
  if (!refine) return undefined;
  const query = Object.fromEntries(Object.entries(input.query).map(([key, value]) => [key, String(value)]));
  return refine({ query, body: input.body } as unknown as FastifyRequest);
}
