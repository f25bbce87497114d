import { type Envelope, PATHS, type Property } from '@factory/contracts';
import { expect } from 'vitest';
import { createRole, createUser, uniqueCode } from './factories/index.js';
import { client, dbOf, loginAs } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';

/** What the custom property test files share: called first in each suite, after the app's preamble. */
export function propertyApi(t: TestContext) {
  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);
  async function userWith(grants: string[]): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), grants);
    const userName = `u_${uniqueCode('')}`;
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }
  const propertyCount = async (productId: number) =>
    Number(
      (
        await db()
          .selectFrom('product_property')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('productId', '=', productId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const row = (id: number) => db().selectFrom('product_property').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const base = (productId: number, overrides: object = {}) => ({
    productId,
    name: '温度',
    code: uniqueCode('t'),
    description: '环境温度',
    ...overrides,
  });
  async function add(payload: object): Promise<number> {
    const response = await post(PATHS.propertyAdd, t.admin, payload);
    expect(response.json<Envelope<number>>()).toMatchObject({ code: 1, errorMsg: null });
    return response.json<Envelope<number>>().data;
  }
  const detail = async (id: number) => (await get(PATHS.propertyDetail, t.admin, { id: String(id) })).json<Envelope<Property>>().data;

  return {
    db,
    get,
    post,
    userWith,
    propertyCount,
    row,
    base,
    add,
    detail,
  };
}
