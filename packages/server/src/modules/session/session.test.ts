import { createHmac } from 'node:crypto';
import { type Envelope, type LoginResult, MENU_TREE, MSG, PATHS } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { hashToken } from '../../platform/sessions.js';
import { captchaAnswerHash } from './captcha.repository.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';

function platformCode(secret: string, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

describe.each(testDialects())('sign-in and sessions on %s', (dialect) => {
  let t: TestApp;
  const secret = 'platform-secret-for-tests';
  beforeAll(async () => {
    t = await buildTestApp(dialect, { platformLoginSecret: secret });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  describe('login', () => {
    it('answers the login result with the full menu tree for the platform administrator', async () => {
      const result = await loginAsAdmin(t.app);
      expect(result.token).toMatch(/^[\w-]{40,}$/);
      expect(result.userName).toBe('admin');
      expect(result.parentId).toBeNull();
      expect(result.platformAdmin).toBe(true);
      const menus = result.roleDetailDTO.roleMenuFunctionVOS;
      const names = menus.filter((m) => m.level === 1).map((m) => m.name);
      expect(names).toEqual(MENU_TREE.map((m) => m.name));
      const tasks = menus.find((m) => m.url === '/productionCenter')!;
      expect(tasks.funcBotton).toEqual(['add', 'dataWatch', 'detail', 'exportProCode', 'edit', 'stop', 'start', 'finish', 'delete']);
      expect(tasks.funList.map((f) => f.funCode)).toEqual(tasks.funcBotton);
      const production = menus.find((m) => m.name === '生产中心')!;
      expect(tasks.pId).toBe(production.id);
      expect(production.url).toBe('/');
      expect(menus.find((m) => m.name === 'PDA APP')?.level).toBe(1);
    });

    it('accepts a form-encoded body as the console sends it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.login,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=admin&password=Admin12345&code=&codeId=',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Envelope<LoginResult>>().code).toBe(1);
    });

    it.each([
      [{ username: '', password: 'x' }],
      [{ username: 'admin', password: '' }],
      [{ username: '   ', password: 'x' }],
      [{}],
    ])('refuses a missing username or password with 用户名、密码不能为空 (%j)', async (payload) => {
      const response = await post(PATHS.login, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.loginRequired });
    });

    it('refuses a wrong password', async () => {
      const response = await post(PATHS.login, { username: 'admin', password: 'Wrong12345' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.badCredentials);
    });

    it('refuses an unknown user with the same message as a wrong password', async () => {
      const response = await post(PATHS.login, { username: 'nobody', password: 'Wrong12345' });
      expect(response.json().errorMsg).toBe(MSG.badCredentials);
    });

    it('refuses a stopped user after checking the password', async () => {
      await createUser(dbOf(t.app), 'stopped_user', 'Passw0rdX', { status: 0 });
      const wrong = await post(PATHS.login, { username: 'stopped_user', password: 'nope' });
      expect(wrong.json().errorMsg).toBe(MSG.badCredentials);
      const right = await post(PATHS.login, { username: 'stopped_user', password: 'Passw0rdX' });
      expect(right.statusCode).toBe(403);
      expect(right.json().errorMsg).toBe(MSG.accountStopped);
    });

    it('locks a user name for 15 minutes after 10 failures within 15 minutes, even for the right password', async () => {
      await createUser(dbOf(t.app), 'locked_user', 'Passw0rdX');
      for (let i = 0; i < 10; i++) {
        const response = await post(PATHS.login, { username: 'locked_user', password: `bad${i}` });
        expect(response.statusCode).toBe(400);
      }
      const locked = await post(PATHS.login, { username: 'locked_user', password: 'Passw0rdX' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 0, data: null, errorMsg: MSG.tooManyAttempts });

      // Sixteen minutes later the lock is over.
      await dbOf(t.app)
        .updateTable('login_failure')
        .set((eb) => ({ at: eb('at', '-', 16 * 60_000) }))
        .where('userName', '=', 'locked_user')
        .execute();
      const after = await post(PATHS.login, { username: 'locked_user', password: 'Passw0rdX' });
      expect(after.json().code).toBe(1);
    });

    it('does not lock for 10 failures spread over more than 15 minutes', async () => {
      await createUser(dbOf(t.app), 'slow_user', 'Passw0rdX');
      const db = dbOf(t.app);
      const now = Date.now();
      for (let i = 0; i < 9; i++) {
        await db.insertInto('login_failure').values({ userName: 'slow_user', at: now - 20 * 60_000 + i * 1000 }).execute();
      }
      await post(PATHS.login, { username: 'slow_user', password: 'bad' });
      const response = await post(PATHS.login, { username: 'slow_user', password: 'Passw0rdX' });
      expect(response.json().code).toBe(1);
    });

    it('keeps the APP menus of a role and the groups above a granted menu', async () => {
      const db = dbOf(t.app);
      const roleId = await createRole(db, ['/account', '/account:add', '/app/pad/overallCheck']);
      await createUser(db, 'clerk', 'Passw0rdX', { roleId });
      const result = await loginAs(t.app, 'clerk', 'Passw0rdX');
      const menus = result.roleDetailDTO.roleMenuFunctionVOS;
      expect(menus.map((m) => m.name).sort()).toEqual(['PAD APP', '平台管理', '整机检测', '用户列表', '系统管理'].sort());
      expect(menus.find((m) => m.url === '/account')!.funcBotton).toEqual(['add']);
      expect(result.parentName).toBe('admin');
      expect(result.roleDetailDTO.roleName).toMatch(/^角色/);
    });
  });

  describe('captcha', () => {
    let withCaptcha: TestApp;
    beforeAll(async () => {
      withCaptcha = await buildTestApp(dialect, { captcha: true });
    });
    afterAll(() => withCaptcha.close());

    async function issue(id: string): Promise<string> {
      const response = await withCaptcha.app.inject({ method: 'GET', url: `${PATHS.captcha}?id=${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain('<svg');
      // Only a hash of the drawn answer is kept: the test swaps in one whose text it knows.
      const row = await dbOf(withCaptcha.app).selectFrom('captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.answer).toMatch(/^[0-9a-f]{64}$/);
      const answer = `k${id}`.slice(0, 4);
      await dbOf(withCaptcha.app).updateTable('captcha').set({ answer: captchaAnswerHash(id, answer) }).where('id', '=', id).execute();
      return answer;
    }
    const login = (code: string, codeId: string) =>
      withCaptcha.app.inject({ method: 'POST', url: PATHS.login, payload: { username: 'admin', password: 'Admin12345', code, codeId } });

    it('signs in with the right answer, case-insensitively', async () => {
      const answer = await issue('c1');
      const response = await login(answer.toUpperCase(), 'c1');
      expect(response.json().code).toBe(1);
    });

    it('asks for the captcha when it is missing', async () => {
      const response = await login('', '');
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.captchaRequired);
    });

    it('refuses a wrong answer and then the right one: a captcha is single use', async () => {
      const answer = await issue('c2');
      expect((await login('zzzz', 'c2')).json().errorMsg).toBe(MSG.captchaWrong);
      expect((await login(answer, 'c2')).json().errorMsg).toBe(MSG.captchaWrong);
    });

    it('refuses a captcha used once already', async () => {
      const answer = await issue('c3');
      expect((await login(answer, 'c3')).json().code).toBe(1);
      expect((await login(answer, 'c3')).json().errorMsg).toBe(MSG.captchaWrong);
    });

    it('refuses a captcha older than 5 minutes', async () => {
      const answer = await issue('c4');
      await dbOf(withCaptcha.app).updateTable('captcha').set({ expiresAt: Date.now() - 1 }).where('id', '=', 'c4').execute();
      expect((await login(answer, 'c4')).json().errorMsg).toBe(MSG.captchaWrong);
    });

    it('gives a fresh answer when the same id is asked again', async () => {
      await issue('c5');
      await issue('c5');
      const rows = await dbOf(withCaptcha.app).selectFrom('captcha').selectAll().where('id', '=', 'c5').execute();
      expect(rows).toHaveLength(1);
    });

    it('issues ten captchas for one id at once, leaving one', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => withCaptcha.app.inject({ method: 'GET', url: `${PATHS.captcha}?id=same-id` })),
      );
      expect(answers.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      const rows = await dbOf(withCaptcha.app).selectFrom('captcha').selectAll().where('id', '=', 'same-id').execute();
      expect(rows).toHaveLength(1);
    });

    it('asks for an id', async () => {
      const response = await withCaptcha.app.inject({ method: 'GET', url: PATHS.captcha });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.captchaRequired);
    });
  });

  describe('logout and sessions', () => {
    it('revokes the token on logout', async () => {
      const { token } = await loginAsAdmin(t.app);
      const menuTree = () => t.app.inject({ method: 'GET', url: `${PATHS.menuTree}?withFunction=true`, headers: bearer(token) });
      expect((await menuTree()).statusCode).toBe(200);
      const logout = await post(PATHS.logout, {}, bearer(token));
      expect(logout.json()).toEqual({ code: 1, data: null, errorMsg: null });
      const after = await menuTree();
      expect(after.statusCode).toBe(401);
      expect(after.json().errorMsg).toBe(MSG.sessionExpired);
    });

    it('answers logout without a session quietly', async () => {
      const response = await post(PATHS.logout, {});
      expect(response.json().code).toBe(1);
    });

    it('ends a session idle longer than SESSION_IDLE_MINUTES', async () => {
      const { token } = await loginAsAdmin(t.app);
      const db = dbOf(t.app);
      const tokenHash = hashToken(token);
      await db.updateTable('session').set({ lastSeenAt: Date.now() - 121 * 60_000 }).where('tokenHash', '=', tokenHash).execute();
      const response = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      const left = await db.selectFrom('session').select('tokenHash').where('tokenHash', '=', tokenHash).execute();
      expect(left).toHaveLength(0);
    });

    it('keeps a session used within SESSION_IDLE_MINUTES alive and moves its clock', async () => {
      const { token } = await loginAsAdmin(t.app);
      const db = dbOf(t.app);
      const tokenHash = hashToken(token);
      const old = Date.now() - 119 * 60_000;
      await db.updateTable('session').set({ lastSeenAt: old }).where('tokenHash', '=', tokenHash).execute();
      const response = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const row = await db.selectFrom('session').select('lastSeenAt').where('tokenHash', '=', tokenHash).executeTakeFirstOrThrow();
      expect(row.lastSeenAt).toBeGreaterThan(old + 60 * 60_000);
    });

    it("ends a stopped user's sessions at once", async () => {
      const db = dbOf(t.app);
      const roleId = await createRole(db, ['/role']);
      const id = await createUser(db, 'soon_stopped', 'Passw0rdX', { roleId });
      const { token } = await loginAs(t.app, 'soon_stopped', 'Passw0rdX');
      const call = () => t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(token) });
      expect((await call()).statusCode).toBe(200);
      await db.updateTable('account').set({ status: 0 }).where('id', '=', id).execute();
      expect((await call()).statusCode).toBe(401);
      const left = await db.selectFrom('session').select('tokenHash').where('accountId', '=', id).execute();
      expect(left).toHaveLength(0);
    });

    it("ends a deleted user's sessions at once", async () => {
      const db = dbOf(t.app);
      const id = await createUser(db, 'soon_deleted', 'Passw0rdX');
      const { token } = await loginAs(t.app, 'soon_deleted', 'Passw0rdX');
      await db.deleteFrom('account').where('id', '=', id).execute();
      const response = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a malformed or unknown token', async () => {
      for (const authorization of ['Bearer', 'Basic abc', 'Bearer not-a-token']) {
        const response = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: { authorization } });
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('change password', () => {
    let userNumber = 0;
    it.each([
      ['', MSG.passwordRequired],
      ['   ', MSG.passwordRequired],
      ['Ab1', MSG.passwordTooShort],
      ['abcdefgh1', MSG.passwordRule],
      ['ABCDEFGH1', MSG.passwordRule],
      ['Abcdefghi', MSG.passwordRule],
      ['Abcdefgh12345678', MSG.passwordTooLong],
    ])('refuses %j with %s and changes nothing', async (password, message) => {
      const userName = `pw_user_${++userNumber}`;
      await createUser(dbOf(t.app), userName, 'Passw0rdX');
      const { token } = await loginAs(t.app, userName, 'Passw0rdX');
      const response = await post(PATHS.editPassword, { password }, bearer(token));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
      // the old password still works and the session is intact
      await loginAs(t.app, userName, 'Passw0rdX');
      const still = await t.app.inject({ method: 'POST', url: PATHS.editPassword, headers: bearer(token), payload: {} });
      expect(still.statusCode).toBe(400);
    });

    it('asks for a password when the field is missing', async () => {
      const { token } = await loginAsAdmin(t.app);
      const response = await post(PATHS.editPassword, {}, bearer(token));
      expect(response.json().errorMsg).toBe(MSG.passwordRequired);
    });

    it('changes the password, trims it, and ends every session of the user', async () => {
      const db = dbOf(t.app);
      const roleId = await createRole(db, ['/role']);
      await createUser(db, 'changer', 'Passw0rdX', { roleId, mustChangePassword: true });
      const first = await loginAs(t.app, 'changer', 'Passw0rdX');
      expect(first.mustChangePassword).toBe(true);
      const second = await loginAs(t.app, 'changer', 'Passw0rdX');
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.editPassword,
        headers: { ...bearer(first.token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=%20NewPassw0rd%20',
      });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      for (const token of [first.token, second.token]) {
        const call = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(token) });
        expect(call.statusCode).toBe(401);
      }
      const old = await post(PATHS.login, { username: 'changer', password: 'Passw0rdX' });
      expect(old.json().errorMsg).toBe(MSG.badCredentials);
      const fresh = await loginAs(t.app, 'changer', 'NewPassw0rd');
      expect(fresh.mustChangePassword).toBe(false);
    });

    it('answers every other call with 403 请先修改初始密码 until the initial password is changed', async () => {
      const db = dbOf(t.app);
      const roleId = await createRole(db, ['/role']);
      await createUser(db, 'fresh_user', 'Factory123', { roleId, mustChangePassword: true });
      const { token } = await loginAs(t.app, 'fresh_user', 'Factory123');
      const blocked = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(token) });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().errorMsg).toBe(MSG.mustChangePasswordFirst);
      const changed = await post(PATHS.editPassword, { password: 'Fresh12345' }, bearer(token));
      expect(changed.json().code).toBe(1);
      const again = await loginAs(t.app, 'fresh_user', 'Fresh12345');
      const open = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(again.token) });
      expect(open.statusCode).toBe(200);
    });

    it('needs a session', async () => {
      const response = await post(PATHS.editPassword, { password: 'NewPassw0rd' });
      expect(response.statusCode).toBe(401);
    });
  });

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
