import { type Envelope, type FunCode, PATHS, type Product } from '@factory/contracts';
import { beforeAll, expect } from 'vitest';
import { lastLog as lastLogOf } from './answers.js';
import { createRole, createUser, unique, uniqueCode } from './factories/index.js';
import { client, dbOf, loginAs } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';
export const MENU = '/productCenter';
export const BUTTONS: FunCode[] = ['add', 'detail', 'set', 'push', 'back', 'copy', 'delete'];

/** What the product test files share: called first in each suite, after the app's preamble. */
export function productApi(t: TestContext) {
  let typeIds: number[];
  let formatIds: number[];
  beforeAll(async () => {
    typeIds = (await db().selectFrom('product_type').select('id').orderBy('sequence').execute()).map((row) => row.id);
    formatIds = (await db().selectFrom('data_format').select('id').orderBy('sequence').execute()).map((row) => row.id);
  });
  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);
  /** A sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<string> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    await createUser(db(), userName, PASSWORD, { roleId });
    return (await loginAs(t.app, userName, PASSWORD)).token;
  }
  const validBody = () => ({
    productTypeId: typeIds[0],
    number: uniqueCode('M'),
    code: uniqueCode('C'),
    connectInternet: false,
    communicationId: null,
    dataFormatId: formatIds[0],
    description: '一款测试产品',
  });
  async function create(payload: object = validBody()): Promise<number> {
    const response = await post(PATHS.productCreate, t.admin, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<number>>().data;
  }
  async function detail(id: number, token = t.admin): Promise<Product> {
    const response = await get(PATHS.productDetail, token, { id: String(id) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Product>>().data;
  }
  const productRow = (id: number) => db().selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();
  const lastLog = (route: string) => lastLogOf(t.app, route);

  return {
    db,
    get,
    post,
    userWith,
    validBody,
    create,
    detail,
    productRow,
    lastLog,
    get typeIds() {
      return typeIds;
    },
    get formatIds() {
      return formatIds;
    },
  };
}
