import { PATHS, type MenuTreeNode, type RoleDetail, type RoleRow, type Page } from '@factory/contracts';
import { beforeAll } from 'vitest';
import { fullGrants, grantVo, uniqueRoleName } from './factories/index.js';
import { dataOf } from './answers.js';
import { client, dbOf, loginAsAdmin } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const MANAGER_GRANTS = fullGrants('/account', '/role');

/** Every node of a tree, depth first. */
export function flatten(nodes: MenuTreeNode[]): MenuTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** What the role test files share: called first in each suite, after the app's preamble. */
export function roleApi(t: TestContext) {
  let api: ReturnType<typeof client>;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    api = client(() => t.app);
    const login = await loginAsAdmin(t.app);
    admin = login.token;
    adminId = login.id;
  });
  const db = () => dbOf(t.app);
  async function createViaApi(token: string, body: Record<string, unknown>): Promise<number> {
    return dataOf<number>(await api.post(PATHS.roleCreate, token, body));
  }
  /** A role granting /account with add and edit, made through the API. */
  async function newRole(token = admin, extra: Record<string, unknown> = {}) {
    const roleName = uniqueRoleName();
    const id = await createViaApi(token, { roleName, roleMenuFunctionVOS: [await grantVo(db(), '/account', 'add', 'edit')], ...extra });
    return { id, roleName };
  }
  async function detail(token: string, id: number) {
    return dataOf<RoleDetail>(await api.get(PATHS.roleDetail, token, { id }));
  }
  async function setStatus(token: string, id: number, status: 0 | 1) {
    return api.postForm(PATHS.roleChangeStatus, token, { id, status });
  }
  async function row(token: string, id: number): Promise<RoleRow | undefined> {
    const page = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, token, { pageSize: 0 }));
    return page.list.find((r) => r.id === id);
  }

  return {
    db,
    createViaApi,
    newRole,
    detail,
    setStatus,
    row,
    get api() {
      return api;
    },
    get admin() {
      return admin;
    },
    get adminId() {
      return adminId;
    },
  };
}
