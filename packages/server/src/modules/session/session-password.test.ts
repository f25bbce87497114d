import { MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../../test/factories/index.js';
import { bearer, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { hashToken } from '../../platform/sessions.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { sessionApi, secret } from '../../../test/session-api.js';

describe.each(testDialects())('sign-in and sessions on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { platformLoginSecret: secret }, signIn: false });
  const { post } = sessionApi(t);

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
});
