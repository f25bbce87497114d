import { type Envelope, type FunCode, MENU_TREE, type MenuSeed } from '@factory/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/platform/schema.js';
import { createRole, createUser, dbOf, loginAs } from './session-helpers.js';

let counter = 0;
/** A name unique within the test run that satisfies the user-name rule (letters, digits, underscore). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}
/** A role name (2-12 Chinese, letters, digits, underscore) unique within the test run. */
export function uniqueRoleName(prefix = '角色'): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 5)}`.slice(0, 12);
}

function menuSeed(url: string, nodes: readonly MenuSeed[] = MENU_TREE): MenuSeed | undefined {
  for (const node of nodes) {
    if (node.url === url) return node;
    const found = node.children ? menuSeed(url, node.children) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The grants of a menu with every one of its buttons, for createRole: ['/role', '/role:add', …]. */
export function fullGrants(...urls: string[]): string[] {
  return urls.flatMap((url) => [url, ...(menuSeed(url)?.funCodes ?? []).map((fun) => `${url}:${fun}`)]);
}

/** The grants of a menu with every button except the ones named. */
export function grantsWithout(url: string, ...missing: FunCode[]): string[] {
  return fullGrants(url).filter((grant) => !missing.some((fun) => grant === `${url}:${fun}`));
}

export const MANAGER_PASSWORD = 'Passw0rdX';

export interface Manager {
  id: number;
  userName: string;
  roleId: number;
  token: string;
}

/**
 * A signed-in account directly under the platform administrator, holding a role
 * (owned by the administrator) with the grants given, its password already its own.
 */
export async function createManager(app: FastifyInstance, grants: string[], lineIds: number[] = []): Promise<Manager> {
  const db = dbOf(app);
  const roleId = await createRole(db, grants);
  const userName = `${uniqueName('m')}@admin`;
  const id = await createUser(db, userName, MANAGER_PASSWORD, { roleId });
  await giveLines(db, id, lineIds);
  const { token } = await loginAs(app, userName, MANAGER_PASSWORD);
  return { id, userName, roleId, token };
}

export async function giveLines(db: Kysely<Database>, accountId: number, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await db
    .insertInto('account_line')
    .values(lineIds.map((lineId) => ({ accountId, lineId })))
    .execute();
}

/** A factory of its own, for tests that must not see other tests' lines. */
export async function createFactory(db: Kysely<Database>, factoryName = uniqueName('工厂')): Promise<number> {
  const row = await db
    .insertInto('factory')
    .values({ factoryName, ownerId: null, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createLine(db: Kysely<Database>, factoryId: number, status = 1): Promise<number> {
  const code = uniqueName('L').slice(0, 12);
  const row = await db
    .insertInto('production_line')
    .values({ factoryId, lineName: `产线${code}`, lineNum: code, status, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function menuIdOf(db: Kysely<Database>, url: string, funCode?: string): Promise<number> {
  let query = db.selectFrom('menu').select('id').where('url', '=', url);
  query = funCode ? query.where('type', '=', 1).where('funCode', '=', funCode) : query.where('type', '=', 0);
  return (await query.executeTakeFirstOrThrow()).id;
}

/** A role-editor entry: the menu of `url` and the buttons named. */
export async function grantVo(db: Kysely<Database>, url: string, ...funCodes: string[]) {
  return {
    menuId: await menuIdOf(db, url),
    funIdList: await Promise.all(funCodes.map((fun) => menuIdOf(db, url, fun))),
  };
}

/** The summary and target of the latest successful call of a route in the operation log. */
export function lastSuccessLog(app: FastifyInstance, route: string) {
  return dbOf(app)
    .selectFrom('operation_log')
    .select(['summary', 'targetId'])
    .where('route', '=', route)
    .where('statusCode', '=', 200)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The data of a successful answer (fails the test with the answer otherwise). */
export function dataOf<T>(response: LightMyRequestResponse): T {
  const body = response.json<Envelope<T>>();
  expect({ status: response.statusCode, errorMsg: body.errorMsg }).toEqual({ status: 200, errorMsg: null });
  return body.data;
}

/** A refusal with this status and message. */
export function expectRefusal(response: LightMyRequestResponse, status: number, errorMsg: string): void {
  expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { code: 0, data: null, errorMsg } });
}

export { client } from './session-helpers.js';
