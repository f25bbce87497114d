import { client, dbOf, loginAs } from './session-helpers.js';
import { createRole, createUser, unique } from './factories/index.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';

/** What the terminal test files share: called first in each suite, after the app's preamble. */
export function terminalApi(t: TestContext) {
  const db = () => dbOf(t.app);
  const { get, post, postForm } = client(() => t.app);
  /** Signs in a new sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<{ id: number; token: string; userName: string }> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, userName, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }
  return { db, get, post, postForm, userWith };
}
