import { type FunCode, MENU_TREE, type MenuSeed } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/platform/password.js';
import type { Database } from '../../src/platform/schema.js';
import { dbOf, loginAs } from '../session-helpers.js';
import { unique, uniqueCode, uniqueRoleName } from './unique.js';

/** The platform administrator's account id. */
export async function adminIdOf(db: Kysely<Database>): Promise<number> {
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  return admin.id;
}

/** A role owned by the admin granting the menus (by url) and buttons ("url:funCode") listed. */
export async function createRole(db: Kysely<Database>, grants: string[], status = 1): Promise<number> {
  const role = await db
    .insertInto('role')
    .values({ roleName: uniqueRoleName(), ownerId: await adminIdOf(db), status, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await db.selectFrom('menu').select(['id', 'url', 'type', 'funCode']).execute();
  for (const grant of grants) {
    const [url, funCode] = grant.split(':');
    const menu = menus.find((m) => m.url === url && (funCode ? m.type === 1 && m.funCode === funCode : m.type === 0));
    if (!menu) throw new Error(`no menu for grant ${grant}`);
    await db.insertInto('role_menu').values({ roleId: role.id, menuId: menu.id }).execute();
  }
  return role.id;
}

/** A user under the admin (or under `parentId`), with its password hashed as the server does. */
export async function createUser(
  db: Kysely<Database>,
  userName: string,
  password: string,
  options: { roleId?: number | null; status?: number; mustChangePassword?: boolean; parentId?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('account')
    .values({
      userName,
      passwordHash: await hashPassword(password),
      roleId: options.roleId ?? null,
      parentId: options.parentId ?? (await adminIdOf(db)),
      status: options.status ?? 1,
      platformAdmin: 0,
      mustChangePassword: options.mustChangePassword ? 1 : 0,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An account at the root of a tree of its own: another tenant (not a platform administrator). */
export async function createTenant(
  db: Kysely<Database>,
  userName: string,
  passwordHash: string,
  roleId: number | null,
): Promise<number> {
  const row = await db
    .insertInto('account')
    .values({
      userName,
      passwordHash,
      roleId,
      parentId: null,
      status: 1,
      platformAdmin: 0,
      mustChangePassword: 0,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Another tenant: a root account (no parent, no role) besides the admin's, owning products for scope tests. */
export function createOtherTenant(db: Kysely<Database>): Promise<number> {
  return createTenant(db, uniqueCode('tenant'), 'not-a-hash', null);
}

/** Ties a user to production lines (account_line). */
export async function assignLines(db: Kysely<Database>, accountId: number, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await db
    .insertInto('account_line')
    .values(lineIds.map((lineId) => ({ accountId, lineId })))
    .execute();
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
  const userName = `${unique('m')}@admin`;
  const id = await createUser(db, userName, MANAGER_PASSWORD, { roleId });
  await assignLines(db, id, lineIds);
  const { token } = await loginAs(app, userName, MANAGER_PASSWORD);
  return { id, userName, roleId, token };
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
