import { PATHS, type UserDetail } from '@factory/contracts';
import { beforeAll } from 'vitest';
import { createFactory, createLine, createRole, fullGrants, grantVo, unique, uniqueRoleName } from './factories/index.js';
import { dataOf } from './answers.js';
import { client, dbOf } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const DEFAULT_PASSWORD = 'Factory123';
export const MANAGER_GRANTS = fullGrants('/account', '/role');

/** What the user test files share: called first in each suite, after the app's preamble. */
export function userApi(t: TestContext) {
  let api: ReturnType<typeof client>;
  /** an enabled role owned by the administrator: offered to accounts created under it */
  let adminRole: number;
  let factoryId: number;
  let line1: number;
  let line2: number;
  let disabledLine: number;
  beforeAll(async () => {
    api = client(() => t.app);
    const db = dbOf(t.app);
    adminRole = await createRole(db, fullGrants('/account'));
    factoryId = await createFactory(db, { ownerId: null });
    line1 = await createLine(db, { factoryId });
    line2 = await createLine(db, { factoryId });
    disabledLine = await createLine(db, { factoryId, status: 0 });
  });
  /** Creates a user through the API and answers its id. */
  async function createViaApi(token: string, body: Record<string, unknown>): Promise<number> {
    return dataOf<number>(await api.post(PATHS.userCreate, token, body));
  }
  async function newUser(token = t.admin, extra: Record<string, unknown> = {}) {
    const name = unique('u');
    const id = await createViaApi(token, { userName: name, roleId: adminRole, facLineVos: [], ...extra });
    return { id, name };
  }
  async function detail(token: string, id: number) {
    return dataOf<UserDetail>(await api.get(PATHS.userDetail, token, { id }));
  }
  async function setStatus(token: string, id: number, status: 0 | 1) {
    return api.postForm(PATHS.userChangeStatus, token, { id, status });
  }
  /** A role owned by `ownerId` granting the user list, made through the role API. */
  async function roleOwnedBy(ownerId: number, token = t.admin): Promise<number> {
    const roleMenuFunctionVOS = [await grantVo(dbOf(t.app), '/account')];
    return dataOf<number>(await api.post(PATHS.roleCreate, token, { puserId: ownerId, roleName: uniqueRoleName(), roleMenuFunctionVOS }));
  }

  return {
    createViaApi,
    newUser,
    detail,
    setStatus,
    roleOwnedBy,
    get api() {
      return api;
    },
    get adminRole() {
      return adminRole;
    },
    get factoryId() {
      return factoryId;
    },
    get line1() {
      return line1;
    },
    get line2() {
      return line2;
    },
    get disabledLine() {
      return disabledLine;
    },
  };
}
