import { createHmac } from 'node:crypto';
import type { TestContext } from './test-app.js';

export function platformCode(secret: string, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

export const secret = 'platform-secret-for-tests';

/** What the sign-in and session test files share: called first in each suite, after the app's preamble. */
export function sessionApi(t: TestContext) {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  return {
    post,
  };
}
