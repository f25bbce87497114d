import type { Envelope, LoginResult } from '@factory/contracts';
import { PATHS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/platform/password.js';
import type { Database } from '../src/platform/schema.js';
import { ADMIN_PASSWORD } from './test-app.js';

export function dbOf(app: FastifyInstance): Kysely<Database> {
  return app.db.kysely;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Signs in through the real login call (the test app runs with CAPTCHA=off). */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<LoginResult> {
  const response = await app.inject({ method: 'POST', url: PATHS.login, payload: { username, password } });
  const body = response.json<Envelope<LoginResult>>();
  if (body.code !== 1) throw new Error(`login of ${username} failed: ${response.statusCode} ${body.errorMsg}`);
  return body.data;
}

export function loginAsAdmin(app: FastifyInstance): Promise<LoginResult> {
  return loginAs(app, 'admin', ADMIN_PASSWORD);
}

/** A role owned by the admin granting the menus (by url) and buttons ("url:funCode") listed. */
export async function createRole(db: Kysely<Database>, grants: string[], status = 1): Promise<number> {
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const role = await db
    .insertInto('role')
    .values({ roleName: `角色${Math.random().toString(36).slice(2, 8)}`, ownerId: admin.id, status, createTime: Date.now() })
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

export async function createUser(
  db: Kysely<Database>,
  userName: string,
  password: string,
  options: { roleId?: number | null; status?: number; mustChangePassword?: boolean } = {},
): Promise<number> {
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('account')
    .values({
      userName,
      passwordHash: await hashPassword(password),
      roleId: options.roleId ?? null,
      parentId: admin.id,
      status: options.status ?? 1,
      platformAdmin: 0,
      mustChangePassword: options.mustChangePassword ? 1 : 0,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Query = Record<string, string | number>;
const asStrings = (fields: Query) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
const authOf = (token: string | null) => (token ? bearer(token) : {});

/**
 * Calls as the console makes them, with a bearer token (none when null). `app` is a
 * getter because test files build their app in beforeAll, after the client is made.
 */
export function client(app: () => FastifyInstance) {
  return {
    get: (url: string, token: string | null, query: Query = {}) =>
      app().inject({ method: 'GET', url, query: asStrings(query), headers: authOf(token) }),
    /** JSON; no body at all when `payload` is left out */
    post: (url: string, token: string | null, payload?: object, query: Query = {}) =>
      app().inject({ method: 'POST', url, query: asStrings(query), headers: authOf(token), ...(payload ? { payload } : {}) }),
    postForm: (url: string, token: string | null, fields: Query) =>
      app().inject({
        method: 'POST',
        url,
        headers: { ...authOf(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(asStrings(fields)).toString(),
      }),
  };
}
