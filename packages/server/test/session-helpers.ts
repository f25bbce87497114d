import type { Envelope, LoginResult } from '@factory/contracts';
import { PATHS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/schema.js';

export const ADMIN_PASSWORD = 'Admin12345';

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
