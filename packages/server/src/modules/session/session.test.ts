import { type Envelope, type LoginResult, MENU_TREE, MSG, PATHS } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../../test/factories/index.js';
import { dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { captchaAnswerHash } from './captcha.repository.js';
import { buildTestApp, testDialects, withTestApp, type TestApp } from '../../../test/test-app.js';
import { sessionApi, secret } from '../../../test/session-api.js';

describe.each(testDialects())('sign-in and sessions on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { platformLoginSecret: secret }, signIn: false });
  const { post } = sessionApi(t);

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
});
