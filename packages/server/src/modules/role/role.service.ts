import { type BodyOut, MSG, type ROLE_ENDPOINTS, ROLE_LIMITS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { SessionAccount } from '../../platform/auth.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { grantedNodes, heldMenuIds, menusById } from '../../platform/role-grants.js';
import type { Database } from '../../platform/schema.js';
import { canManageAccount } from '../../platform/scope.js';
import { findRole, replaceRoleNodes, roleInUse, roleNamesOf, roleNameTaken, roleNodes } from './role.repository.js';

/** A role create or edit as validated (the edit's id aside). */
export type RoleInput = BodyOut<typeof ROLE_ENDPOINTS.roleCreate>;

/**
 * A role the viewer manages: one owned by the viewer or an account below it (the
 * platform administrator: any). Anything else is answered as unknown.
 */
export async function manageableRole(db: Kysely<Database>, viewer: SessionAccount, id: number) {
  const role = await findRole(db, id);
  if (!role || !(await canManageAccount(db, viewer, role.ownerId))) throw notFound();
  return role;
}

/** An account whose roles the viewer manages (itself or one below it); unknown otherwise. */
export async function manageableOwner(db: Kysely<Database>, viewer: SessionAccount, ownerId: number): Promise<number> {
  const owner = await db.selectFrom('account').select('id').where('id', '=', ownerId).executeTakeFirst();
  if (!owner || !(await canManageAccount(db, viewer, ownerId))) throw notFound();
  return owner.id;
}

async function checkedGrants(db: Kysely<Database>, viewer: SessionAccount, input: RoleInput): Promise<Set<number>> {
  const byId = await menusById(db);
  return grantedNodes(input.roleMenuFunctionVOS, byId, await heldMenuIds(db, viewer, byId));
}

export async function createRole(db: Kysely<Database>, viewer: SessionAccount, input: RoleInput): Promise<number> {
  const ownerId = await manageableOwner(db, viewer, input.puserId ?? viewer.id);
  if (await roleNameTaken(db, ownerId, input.roleName)) throw conflict(MSG.roleNameTaken);
  const grants = await checkedGrants(db, viewer, input);
  const role = await db
    .insertInto('role')
    .values({ roleName: input.roleName, ownerId, status: 1, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceRoleNodes(db, role.id, grants);
  return role.id;
}

/** A stopped role can be edited; an enabled one only stopped (seed 000 §4). The owner stays. */
export async function editRole(db: Kysely<Database>, viewer: SessionAccount, id: number, input: RoleInput): Promise<number> {
  const role = await manageableRole(db, viewer, id);
  if (role.status === 1) throw conflict(MSG.roleEnabledCannotEdit);
  if (input.puserId !== undefined && input.puserId !== role.ownerId) throw badRequest(MSG.roleOwnerFixed);
  if (await roleNameTaken(db, role.ownerId, input.roleName, id)) throw conflict(MSG.roleNameTaken);
  const grants = await checkedGrants(db, viewer, input);
  await db.updateTable('role').set({ roleName: input.roleName }).where('id', '=', id).execute();
  await replaceRoleNodes(db, id, grants);
  return id;
}

/** `name_副本`, then `name_副本2`, `name_副本3` …, the name cut so the whole fits the role-name limit. */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_副本' : `_副本${n}`;
    const candidate = `${name.slice(0, ROLE_LIMITS.nameMax - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * A new role of the same owner with the same grants, whatever the original's
 * status. It starts stopped: a copy is a draft to be renamed and edited before
 * anyone is given it (and only a stopped role can be edited).
 */
export async function copyRole(db: Kysely<Database>, viewer: SessionAccount, id: number): Promise<{ id: number; roleName: string }> {
  const role = await manageableRole(db, viewer, id);
  const roleName = copyName(role.roleName, await roleNamesOf(db, role.ownerId));
  const copy = await db
    .insertInto('role')
    .values({ roleName, ownerId: role.ownerId, status: 0, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceRoleNodes(db, copy.id, (await roleNodes(db, id)).map((node) => node.id));
  return { id: copy.id, roleName };
}

/**
 * Stopping a role in use is allowed: its users keep their sessions and lose its
 * grants at their next call (a stopped role grants nothing).
 */
export async function changeRoleStatus(db: Kysely<Database>, viewer: SessionAccount, id: number, status: 0 | 1) {
  const role = await manageableRole(db, viewer, id);
  if (role.status === status) throw conflict(status === 1 ? MSG.roleAlreadyEnabled : MSG.roleAlreadyDisabled);
  await db.updateTable('role').set({ status }).where('id', '=', id).execute();
  return role;
}

export async function deleteRole(db: Kysely<Database>, viewer: SessionAccount, id: number) {
  const role = await manageableRole(db, viewer, id);
  if (role.status === 1) throw conflict(MSG.roleEnabledCannotDelete);
  if (await roleInUse(db, id)) throw conflict(MSG.roleInUse);
  await db.deleteFrom('role_menu').where('roleId', '=', id).execute();
  await db.deleteFrom('role').where('id', '=', id).execute();
  return role;
}

/** The detail's shape: each granted menu with the ids of its granted buttons. */
export async function roleGrants(db: Kysely<Database>, roleId: number) {
  const nodes = await roleNodes(db, roleId);
  const menus = new Map<number, { menuId: number; funList: number[] }>();
  for (const node of nodes) if (node.type === 0) menus.set(node.id, { menuId: node.id, funList: [] });
  for (const node of nodes) if (node.type === 1) menus.get(node.parentId)?.funList.push(node.id);
  return [...menus.values()];
}
