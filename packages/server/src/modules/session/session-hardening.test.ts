import { randomBytes, scryptSync } from 'node:crypto';
import { MSG, PATHS } from '@factory/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assignLines,
  createLine,
  createRole,
  createTerminal,
  createUser,
  grantsWithout,
  unique,
} from '../../../test/factories/index.js';
import { bearer, client, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { createWorker, stationApi, type Worker } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { MAX_ADDRESS_FAILURES } from '../../platform/login-failures.js';

/** Issue 12, findings 2, 4, 10, 11, 14 and 15: sessions, sign-in and the shared input rules. */
describe.each(testDialects())('session hardening on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { sessionIdleMinutes: 1 } });
  afterEach(() => vi.useRealTimers());

  const { get, post } = client(() => t.app);
  const station = stationApi(
    () => t.app,
    () => t.admin,
  );
  const accountOf = (id: number) => dbOf(t.app).selectFrom('account').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A worker signed in at a PAD of its own line: its station token. */
  async function workerAtStation(): Promise<{ worker: Worker; stationToken: string; terminalId: number }> {
    const lineId = await createLine(dbOf(t.app));
    const terminalId = await createTerminal(dbOf(t.app), { lineId });
    const worker = await createWorker(t.app);
    await assignLines(dbOf(t.app), worker.id, [lineId]);
    const { token } = await station.signIn(await station.terminalCodeOf(terminalId), worker);
    expect((await get(PATHS.stationAssignment, token)).statusCode).toBe(200);
    return { worker, stationToken: token, terminalId };
  }

  describe('station tokens are revoked with the console sessions (finding 4)', () => {
    it('ends a station session when its user changes the password', async () => {
      const { worker, stationToken, terminalId } = await workerAtStation();
      const { token } = await loginAs(t.app, worker.userName, worker.password);
      expect((await post(PATHS.editPassword, token, { password: 'Changed123x' })).statusCode).toBe(200);
      expect((await get(PATHS.stationAssignment, stationToken)).statusCode).toBe(401);
      const terminal = await dbOf(t.app).selectFrom('terminal').select('workerId').where('id', '=', terminalId).executeTakeFirstOrThrow();
      expect(terminal.workerId).toBeNull();
    });

    it('ends a station session when an administrator resets the password', async () => {
      const { worker, stationToken } = await workerAtStation();
      expect((await post(PATHS.userResetPassword, t.admin, { id: worker.id })).statusCode).toBe(200);
      expect((await get(PATHS.stationAssignment, stationToken)).statusCode).toBe(401);
    });
  });

  describe('an active session never expires (finding 14)', () => {
    it('keeps a console session calling every 15 s alive past the idle limit, and ends it once idle', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { token } = await loginAsAdmin(t.app);
      for (let call = 0; call < 12; call++) {
        vi.advanceTimersByTime(15_000);
        expect((await get(PATHS.menuTree, token, { withFunction: 'true' })).statusCode).toBe(200);
      }
      vi.advanceTimersByTime(61_000);
      expect((await get(PATHS.menuTree, token, { withFunction: 'true' })).statusCode).toBe(401);
    });

    it('keeps a station session calling every 15 s alive past the idle limit', async () => {
      const { stationToken } = await workerAtStation();
      vi.useFakeTimers({ toFake: ['Date'] });
      for (let call = 0; call < 12; call++) {
        vi.advanceTimersByTime(15_000);
        expect((await get(PATHS.stationAssignment, stationToken)).statusCode).toBe(200);
      }
    });
  });

  describe('sign-in limits and password hashes (finding 15)', () => {
    const loginFrom = (address: string, username: string, password: string) =>
      t.app.inject({ method: 'POST', url: PATHS.login, payload: { username, password }, remoteAddress: address });

    it('locks an address out after failures spread over several user names, and only that address', async () => {
      const names = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const userName = unique('g');
          await createUser(dbOf(t.app), userName, 'Right123x');
          return userName;
        }),
      );
      for (let attempt = 0; attempt < MAX_ADDRESS_FAILURES; attempt++) {
        const response = await loginFrom('10.9.9.9', names[attempt % names.length]!, 'Wrong123x');
        expect(response.statusCode).toBe(400);
      }
      // Each name failed 7–8 times, under its own limit of 10: the address is what is locked.
      const locked = await loginFrom('10.9.9.9', names[0]!, 'Right123x');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().errorMsg).toBe(MSG.tooManyAttempts);
      expect((await loginFrom('10.9.9.10', names[0]!, 'Right123x')).statusCode).toBe(200);
    });

    it('stores argon2id hashes and replaces an old scrypt hash at the next good sign-in', async () => {
      const userName = unique('h');
      const id = await createUser(dbOf(t.app), userName, 'Right123x');
      // At the configured cost: the test app's is low, production's stays 19456 (config.test.ts).
      const prefix = `$argon2id$v=19$m=${t.config.passwordHashCost},t=2,p=1$`;
      expect((await accountOf(id)).passwordHash.slice(0, prefix.length)).toBe(prefix);

      const salt = randomBytes(16);
      const key = scryptSync('Old12345x', salt, 32, { N: 16384, r: 8, p: 1 });
      const scryptHash = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
      await dbOf(t.app).updateTable('account').set({ passwordHash: scryptHash }).where('id', '=', id).execute();
      expect((await loginAs(t.app, userName, 'Old12345x')).userName).toBe(userName);
      expect((await accountOf(id)).passwordHash).toMatch(/^\$argon2id\$/);
      expect((await loginAs(t.app, userName, 'Old12345x')).userName).toBe(userName);
    });
  });

  describe('the shared input rules (findings 2 and 10)', () => {
    it.each([
      ['a user name over 64 characters', { username: 'u'.repeat(65), password: 'Whatever1' }],
      ['a user name holding NUL', { username: 'adm\u0000in', password: 'Whatever1' }],
    ])('answers a sign-in with %s with 400, storing nothing', async (_name, payload) => {
      const before = await dbOf(t.app).selectFrom('login_failure').select('id').execute();
      const response = await post(PATHS.login, null, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(0);
      expect(await dbOf(t.app).selectFrom('login_failure').select('id').execute()).toHaveLength(before.length);
    });

    it.each([
      ['an id past 2^31', `${PATHS.taskDetail}?id=2147483648`],
      ['an id of 1e20', `${PATHS.taskDetail}?id=100000000000000000000`],
      ['a hexadecimal id', `${PATHS.taskDetail}?id=0x10`],
      ['a NUL in a search', `${PATHS.deviceTrace}?text=%00`],
    ])('answers %s with 400', async (_name, url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(t.admin) });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(0);
    });

    it('answers line ids past 2^31 in a new task with 400', async () => {
      const response = await post(PATHS.taskCreate, t.admin, { productionLineIds: [1, 2147483648] });
      expect(response.statusCode).toBe(400);
    });

    it.each([
      ['null', null],
      ['an empty list', []],
      ['blanks', '   '],
      ['false', false],
      ['true', true],
    ])('refuses a status of %s and leaves the user enabled', async (_name, status) => {
      const id = await createUser(dbOf(t.app), unique('s'), 'Right123x');
      const response = await post(PATHS.userChangeStatus, t.admin, { id, status });
      expect(response.statusCode).toBe(400);
      expect((await accountOf(id)).status).toBe(1);
    });

    it.each([
      ['true', true],
      ['a nested list', [[[[1]]]]],
      ['a hexadecimal text', '0x10'],
      ['a number in exponent form', '1e1'],
    ])('refuses an id of %s', async (_name, id) => {
      const response = await post(PATHS.roleChangeStatus, t.admin, { id, status: 0 });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('permission before validation (finding 11)', () => {
    it.each([
      ['user', '/account', PATHS.userChangeStatus],
      ['role', '/role', PATHS.roleChangeStatus],
    ])('answers a %s status change without start and stop buttons with 403, even for a bad body', async (_name, menu, path) => {
      const roleId = await createRole(dbOf(t.app), grantsWithout(menu, 'start', 'stop'));
      const userName = `${unique('p')}@admin`;
      await createUser(dbOf(t.app), userName, 'Right123x', { roleId });
      const { token } = await loginAs(t.app, userName, 'Right123x');
      for (const body of [{ id: 'x', status: 'y' }, {}, { id: 1, status: 1 }]) {
        expect((await post(path, token, body)).statusCode).toBe(403);
      }
    });
  });
});
