import { type BodyOut, MSG, type USER_ENDPOINTS, USER_NAME_SEPARATOR } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { SessionAccount } from '../../platform/auth.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Account, Database } from '../../platform/schema.js';
import { canManageAccount } from '../../platform/scope.js';
import { revokeAccountSessions } from '../../platform/sessions.js';
import {
  accountLineIds,
  childAccounts,
  findAccount,
  findLines,
  findOfferedRole,
  hasChildAccounts,
  replaceAccountLines,
  userNameTaken,
} from './user.repository.js';

/** The width of account.userName. */
const USER_NAME_COLUMN = 64;

/** A user create or edit as validated (the edit's id aside). */
export type UserInput = BodyOut<typeof USER_ENDPOINTS.userCreate>;

/** The stored name: the form's name plus the parent account's name (seed 000 §3). */
export function storedUserName(name: string, parentName: string | null): string {
  return parentName === null ? name : `${name}${USER_NAME_SEPARATOR}${parentName}`;
}

/** The name the form shows: the stored name without the parent's suffix. */
export function shortUserName(userName: string): string {
  const at = userName.indexOf(USER_NAME_SEPARATOR);
  return at < 0 ? userName : userName.slice(0, at);
}

/**
 * An account the viewer manages from the user list: itself or one below it (the
 * platform administrator: any), never a platform administrator. Anything else is
 * answered as unknown, so ids of another account's tree reveal nothing.
 */
export async function manageableUser(db: Kysely<Database>, viewer: SessionAccount, id: number): Promise<Account> {
  const account = await findAccount(db, id);
  if (!account || account.platformAdmin === 1 || !(await canManageAccount(db, viewer, id))) throw notFound();
  return account;
}

/** An account users may be created under: the viewer itself or one below it. */
async function parentFor(db: Kysely<Database>, viewer: SessionAccount, parentId: number): Promise<Account> {
  const parent = await findAccount(db, parentId);
  if (!parent || !(await canManageAccount(db, viewer, parentId))) throw notFound();
  return parent;
}

async function checkFreeName(db: Kysely<Database>, userName: string, exceptId?: number): Promise<void> {
  if (userName.length > USER_NAME_COLUMN) throw badRequest(MSG.userNameTooLong);
  if (await userNameTaken(db, userName, exceptId)) throw conflict(MSG.userNameTaken);
}

/**
 * The lines a user is given: each must exist in the named factory, and a viewer
 * other than the platform administrator can give only lines it holds itself (the
 * line tree offers no others). A disabled line is accepted, so an edit that keeps
 * a line disabled since does not fail.
 */
async function checkedLineIds(db: Kysely<Database>, viewer: SessionAccount, input: UserInput['facLineVos']): Promise<number[]> {
  const wanted = new Map<number, number>();
  for (const { factoryId, lineId } of input) for (const id of lineId) wanted.set(id, factoryId);
  const ids = [...wanted.keys()];
  const found = new Map((await findLines(db, ids)).map((line) => [line.id, line.factoryId]));
  const own = viewer.platformAdmin ? null : await accountLineIds(db, viewer.id);
  for (const [id, factoryId] of wanted) {
    if (found.get(id) !== factoryId || (own && !own.has(id))) throw badRequest(MSG.lineNotOffered);
  }
  return ids;
}

export async function createUser(
  db: Kysely<Database>,
  viewer: SessionAccount,
  input: UserInput,
  passwordHash: string,
): Promise<{ id: number; userName: string }> {
  const parent = await parentFor(db, viewer, input.parentId ?? viewer.id);
  const userName = storedUserName(input.userName, parent.userName);
  await checkFreeName(db, userName);
  // The roles offered are the parent account's (seed 000 §6), and only enabled ones.
  if (!(await findOfferedRole(db, input.roleId, parent.id))) throw badRequest(MSG.roleNotOffered);
  const lineIds = await checkedLineIds(db, viewer, input.facLineVos);

  const row = await db
    .insertInto('account')
    .values({
      userName,
      passwordHash,
      roleId: input.roleId,
      parentId: parent.id,
      status: 1,
      platformAdmin: 0,
      // The default password is known to whoever created the user: it is changed at first sign-in.
      mustChangePassword: 1,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceAccountLines(db, row.id, lineIds);
  return { id: row.id, userName };
}

/**
 * A stopped user can be edited; an enabled one only stopped (seed 000 §4). The
 * parent stays: moving a user would change its name, its roles on offer and its
 * sub-users' scope at once.
 */
export async function editUser(
  db: Kysely<Database>,
  viewer: SessionAccount,
  id: number,
  input: UserInput,
): Promise<{ id: number; userName: string }> {
  const user = await manageableUser(db, viewer, id);
  if (user.status === 1) throw conflict(MSG.userEnabledCannotEdit);
  if (input.parentId !== undefined && input.parentId !== user.parentId) throw badRequest(MSG.userParentFixed);
  const parent = user.parentId === null ? undefined : await findAccount(db, user.parentId);
  const userName = storedUserName(input.userName, parent?.userName ?? null);
  await checkFreeName(db, userName, id);
  if (!parent || !(await findOfferedRole(db, input.roleId, parent.id))) throw badRequest(MSG.roleNotOffered);
  const lineIds = await checkedLineIds(db, viewer, input.facLineVos);

  await db.updateTable('account').set({ userName, roleId: input.roleId }).where('id', '=', id).execute();
  await replaceAccountLines(db, id, lineIds);
  if (userName !== user.userName) await renameDescendants(db, id, userName);
  return { id, userName };
}

/**
 * Sub-users carry their parent's name as a suffix; a renamed account passes its new
 * name down the tree so every stored name stays `name@parentName`. The new names
 * cannot collide: they all end in the new, unique name of the renamed account.
 */
async function renameDescendants(db: Kysely<Database>, parentId: number, parentName: string): Promise<void> {
  for (const child of await childAccounts(db, parentId)) {
    const userName = storedUserName(shortUserName(child.userName), parentName);
    if (userName.length > USER_NAME_COLUMN) throw badRequest(MSG.userNameTooLong);
    await db.updateTable('account').set({ userName }).where('id', '=', child.id).execute();
    await renameDescendants(db, child.id, userName);
  }
}

/** Back to the default password, changed at next sign-in; every session ends. Any status. */
export async function resetPassword(db: Kysely<Database>, viewer: SessionAccount, id: number, passwordHash: string) {
  const user = await manageableUser(db, viewer, id);
  await db.updateTable('account').set({ passwordHash, mustChangePassword: 1 }).where('id', '=', id).execute();
  await revokeAccountSessions(db, id);
  return user;
}

export async function changeUserStatus(db: Kysely<Database>, viewer: SessionAccount, id: number, status: 0 | 1) {
  if (id === viewer.id) throw conflict(MSG.cannotChangeSelf);
  const user = await manageableUser(db, viewer, id);
  if (user.status === status) throw conflict(status === 1 ? MSG.userAlreadyEnabled : MSG.userAlreadyDisabled);
  await db.updateTable('account').set({ status }).where('id', '=', id).execute();
  // A stopped user is out at once, not at its next sign-in.
  if (status === 0) await revokeAccountSessions(db, id);
  return user;
}

/**
 * Only a stopped user without sub-users can be deleted. The roles it owns exist to
 * be offered to its sub-users; with none left they go with it, unless some other
 * account still holds one (possible only through data made outside this API), in
 * which case the delete is refused rather than leave that account without a role.
 * Its lines and sessions go with the account (foreign keys cascade).
 */
export async function deleteUser(db: Kysely<Database>, viewer: SessionAccount, id: number) {
  if (id === viewer.id) throw conflict(MSG.cannotChangeSelf);
  const user = await manageableUser(db, viewer, id);
  if (user.status === 1) throw conflict(MSG.userEnabledCannotDelete);
  if (await hasChildAccounts(db, id)) throw conflict(MSG.userHasChildren);
  const ownedRoleInUse = await db
    .selectFrom('account')
    .innerJoin('role', 'role.id', 'account.roleId')
    .select('account.id')
    .where('role.ownerId', '=', id)
    .where('account.id', '<>', id)
    .limit(1)
    .executeTakeFirst();
  if (ownedRoleInUse) throw conflict(MSG.roleInUse);

  await db.deleteFrom('role').where('ownerId', '=', id).execute();
  await revokeAccountSessions(db, id);
  await db.deleteFrom('account').where('id', '=', id).execute();
  return user;
}
