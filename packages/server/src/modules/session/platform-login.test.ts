import { type Envelope, type LoginResult, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, withTestApp } from '../../../test/test-app.js';
import { sessionApi, platformCode, secret } from '../../../test/session-api.js';

describe.each(testDialects())('sign-in and sessions on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { platformLoginSecret: secret }, signIn: false });
  sessionApi(t);

  describe('platform login', () => {
    const platformLogin = (code: string, app = t.app) =>
      app.inject({ method: 'POST', url: PATHS.platformLogin, payload: { code } });
    const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

    it('signs in once with a valid code', async () => {
      const code = platformCode(secret, { userName: 'admin', exp: inAMinute() });
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.platformLogin,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${encodeURIComponent(code)}`,
      });
      const body = response.json<Envelope<LoginResult>>();
      expect(body.code).toBe(1);
      expect(body.data.userName).toBe('admin');
      const again = await platformLogin(code);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMsg).toBe(MSG.platformCodeUsed);
    });

    it.each([
      ['with "=" appended', (code: string) => `${code}=`],
      ['with "==" appended', (code: string) => `${code}==`],
      ['with "!" appended', (code: string) => `${code}!`],
      ['with padding on its payload', (code: string) => code.replace('.', '=.')],
      // The last character of a 32-byte signature carries 4 unused low bits.
      ['with the unused low bits of its last character changed', (code: string) => {
        const last = code.at(-1)!;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
        return code.slice(0, -1) + twin;
      }],
    ])('refuses the replay of a used code written %s', async (_name, variant) => {
      const code = platformCode(secret, { userName: 'admin', exp: inAMinute(), nonce: `n-${Math.random()}` });
      expect((await platformLogin(code)).statusCode).toBe(200);
      const replay = await platformLogin(variant(code));
      expect(replay.statusCode).toBeGreaterThanOrEqual(400);
      expect(replay.statusCode).toBeLessThan(500);
      expect(replay.json().code).toBe(0);
    });

    it('signs in once per claims however the signed payload is sent, and twice with two nonces', async () => {
      const exp = inAMinute();
      expect((await platformLogin(platformCode(secret, { userName: 'admin', exp, nonce: 'a1' }))).statusCode).toBe(200);
      expect((await platformLogin(platformCode(secret, { userName: 'admin', exp, nonce: 'b2' }))).statusCode).toBe(200);
      const again = await platformLogin(platformCode(secret, { nonce: 'a1', exp, userName: 'admin' }));
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMsg).toBe(MSG.platformCodeUsed);
    });

    it('refuses a code valid for more than five minutes from now', async () => {
      const response = await platformLogin(platformCode(secret, { userName: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.platformCodeInvalid);
    });

    it('refuses an expired code', async () => {
      const code = platformCode(secret, { userName: 'admin', exp: Math.floor(Date.now() / 1000) - 1 });
      const response = await platformLogin(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.platformCodeExpired);
    });

    it.each([
      ['signed with another key', () => platformCode('other-secret', { userName: 'admin', exp: inAMinute() })],
      ['with a tampered payload', () => {
        const [, signature] = platformCode(secret, { userName: 'admin', exp: inAMinute() }).split('.');
        return `${Buffer.from(JSON.stringify({ userName: 'admin', exp: inAMinute() + 9999 })).toString('base64url')}.${signature}`;
      }],
      ['without a signature', () => Buffer.from('{}').toString('base64url')],
      ['for an unknown user', () => platformCode(secret, { userName: 'ghost', exp: inAMinute() })],
      ['without exp', () => platformCode(secret, { userName: 'admin' })],
    ])('refuses a code %s', async (_name, make) => {
      const response = await platformLogin(make());
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.platformCodeInvalid);
    });

    it('refuses an empty code', async () => {
      const response = await platformLogin('');
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.platformCodeInvalid);
    });

    it('is refused when no secret is configured', async () => {
      const noSecret = await buildTestApp(dialect, { platformLoginSecret: null });
      try {
        const response = await platformLogin(platformCode(secret, { userName: 'admin', exp: inAMinute() }), noSecret.app);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMsg).toBe(MSG.platformLoginDisabled);
      } finally {
        await noSecret.close();
      }
    });
  });
});
