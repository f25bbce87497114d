import { type Envelope, PATHS } from '@factory/contracts';
import { expect } from 'vitest';
import { createRole, createUser, unique } from './factories/index.js';
import { client, dbOf, loginAs } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';

/** What the production line test files share: called first in each suite, after the app's preamble. */
export function lineApi(t: TestContext) {
  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);
  /** Signs in a new sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<{ id: number; token: string }> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }
  const lineRow = (id: number) => db().selectFrom('production_line').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lineCount = async () =>
    Number((await db().selectFrom('production_line').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  async function addLine(payload: object): Promise<number> {
    const response = await post(PATHS.lineAdd, t.admin, payload);
    expect(response.json<Envelope<number>>()).toMatchObject({ code: 1, errorMsg: null });
    return response.json<Envelope<number>>().data;
  }
  /** Adds a line and disables it, the state in which it can be edited. */
  async function addDisabledLine(payload: object): Promise<number> {
    const id = await addLine(payload);
    await db().updateTable('production_line').set({ status: 0 }).where('id', '=', id).execute();
    return id;
  }

  return {
    db,
    get,
    post,
    userWith,
    lineRow,
    lineCount,
    addLine,
    addDisabledLine,
  };
}
