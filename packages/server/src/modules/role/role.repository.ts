import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';
import { containsText } from '../../platform/text-match.js';

export interface RoleListFilter {
  /** the owners whose roles the viewer sees; null: every role (platform administrator) */
  owners: number[] | null;
  roleName?: string | undefined;
  ownerId?: number | undefined;
  status?: 0 | 1 | undefined;
  page: number;
  pageSize: number;
}

function roleQuery(db: Kysely<Database>, filter: Omit<RoleListFilter, 'page' | 'pageSize'>) {
  let query = db.selectFrom('role');
  if (filter.owners) query = query.where('role.ownerId', 'in', filter.owners);
  if (filter.roleName) query = query.where(containsText('role.roleName', filter.roleName));
  if (filter.ownerId !== undefined) query = query.where('role.ownerId', '=', filter.ownerId);
  if (filter.status !== undefined) query = query.where('role.status', '=', filter.status);
  return query;
}

/** A page of roles, newest first, each with the number of users holding it. */
export async function listRoles(db: Kysely<Database>, filter: RoleListFilter) {
  if (filter.owners?.length === 0) return { rows: [], total: 0 };
  let query = roleQuery(db, filter)
    .select((eb) => [
      'role.id',
      'role.roleName',
      'role.createTime',
      'role.status',
      'role.ownerId',
      eb
        .selectFrom('account')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('account.roleId', '=', 'role.id')
        .as('userCount'),
    ])
    .orderBy('role.createTime', 'desc')
    .orderBy('role.id', 'desc');
  if (filter.pageSize > 0) query = query.limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize);
  const [rows, count] = await Promise.all([
    query.execute(),
    roleQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findRole(db: Kysely<Database>, id: number) {
  return db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roleNameTaken(db: Kysely<Database>, ownerId: number, roleName: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('role').select('id').where('ownerId', '=', ownerId).where('roleName', '=', roleName);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function roleNamesOf(db: Kysely<Database>, ownerId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('role').select('roleName').where('ownerId', '=', ownerId).execute();
  return new Set(rows.map((row) => row.roleName));
}

/** The granted nodes of a role with their type and parent, menus before their buttons. */
export function roleNodes(db: Kysely<Database>, roleId: number) {
  return db
    .selectFrom('role_menu')
    .innerJoin('menu', 'menu.id', 'role_menu.menuId')
    .select(['menu.id', 'menu.parentId', 'menu.type'])
    .where('role_menu.roleId', '=', roleId)
    .orderBy('menu.level')
    .orderBy('menu.sequence')
    .orderBy('menu.id')
    .execute();
}

export async function replaceRoleNodes(db: Kysely<Database>, roleId: number, menuIds: Iterable<number>): Promise<void> {
  await db.deleteFrom('role_menu').where('roleId', '=', roleId).execute();
  const values = [...menuIds].map((menuId) => ({ roleId, menuId }));
  if (values.length > 0) await db.insertInto('role_menu').values(values).execute();
}

export async function roleInUse(db: Kysely<Database>, roleId: number): Promise<boolean> {
  return (await db.selectFrom('account').select('id').where('roleId', '=', roleId).limit(1).executeTakeFirst()) !== undefined;
}

/** The enabled roles an account offers to its sub-users. */
export function enabledRolesOf(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('role')
    .select(['id', 'roleName'])
    .where('ownerId', '=', ownerId)
    .where('status', '=', 1)
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
