import { MSG, PATHS, STATION_APP_MENU, STATION_MSG, type StationLoginResult } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createLine, createOtherTenant, createTerminal, createUser } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { bearer } from '../../../test/session-helpers.js';
import { createWorker, stationApi, WORKER_PASSWORD } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('station sign-in and guard on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { sessionIdleMinutes: 30 } });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, get, post, postForm, login, signIn, terminalCodeOf, tieToLineOf } = api;

  /** A PAD idle on a line of its own, by code. */
  async function idlePad(options: { terminalType?: 'PAD' | 'PDA'; ownerId?: number } = {}) {
    const id = await createTerminal(db(), { lineId: await createLine(db()), ...options });
    return { id, code: await terminalCodeOf(id) };
  }
  const workerOf = async (terminalId: number) =>
    (await db().selectFrom('terminal').select('workerId').where('id', '=', terminalId).executeTakeFirstOrThrow()).workerId;
  const sessionsOf = async (terminalId: number) =>
    (await db().selectFrom('station_session').select('accountId').where('terminalId', '=', terminalId).execute()).map(
      (row) => row.accountId,
    );

  describe('login', () => {
    it('signs a worker in on a PAD: a token, the terminal and the user, and the terminal shows the worker', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app);
      const result = await signIn(pad.code, worker);
      expect(result).toMatchObject({
        terminal: { id: pad.id, code: pad.code, terminalType: 'PAD' },
        user: { id: worker.id, userName: worker.userName },
      });
      expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await workerOf(pad.id)).toBe(worker.id);
      const stored = await db().selectFrom('station_session').select('tokenHash').where('terminalId', '=', pad.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toBe(result.token);
      expect(api.ok(await get(PATHS.stationAssignment, result.token))).toBeNull();
    });

    it('takes a form body as well', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app);
      await tieToLineOf(pad.code, worker);
      const response = await postForm(PATHS.stationLogin, null, {
        terminalCode: pad.code,
        username: worker.userName,
        password: worker.password,
      });
      expect(api.ok<StationLoginResult>(response).user.id).toBe(worker.id);
    });

    it('answers each missing field with its own message', async () => {
      expectRefusal(await post(PATHS.stationLogin, null, { username: 'a', password: 'b' }), 400, STATION_MSG.terminalCodeRequired);
      expectRefusal(await post(PATHS.stationLogin, null, { terminalCode: 'T', password: 'b' }), 400, STATION_MSG.usernameRequired);
      expectRefusal(await post(PATHS.stationLogin, null, { terminalCode: 'T', username: 'a' }), 400, STATION_MSG.passwordRequired);
    });

    it('refuses an unknown terminal code', async () => {
      const worker = await createWorker(t.app);
      expectRefusal(await login('NO-SUCH-PAD', worker.userName, worker.password), 400, STATION_MSG.terminalUnknown);
    });

    it('refuses a wrong password and an unknown user alike, and writes no session', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app);
      expectRefusal(await login(pad.code, worker.userName, 'Wrong1234'), 400, STATION_MSG.loginFailed);
      expectRefusal(await login(pad.code, 'nobody_here', WORKER_PASSWORD), 400, STATION_MSG.loginFailed);
      expect(await sessionsOf(pad.id)).toEqual([]);
      expect(await workerOf(pad.id)).toBeNull();
    });

    it('locks a user name out after ten wrong passwords, as the console does', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app);
      for (let n = 0; n < 10; n++) expectRefusal(await login(pad.code, worker.userName, 'Wrong1234'), 400, STATION_MSG.loginFailed);
      expectRefusal(await login(pad.code, worker.userName, worker.password), 429, MSG.tooManyAttempts);
    });

    it('refuses a stopped user (403, after the right password)', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app, [STATION_APP_MENU.PAD], 0);
      expectRefusal(await login(pad.code, worker.userName, worker.password), 403, MSG.accountStopped);
      expect(await workerOf(pad.id)).toBeNull();
    });

    it('refuses a user without the APP menu of the terminal type', async () => {
      const pad = await idlePad();
      const pda = await idlePad({ terminalType: 'PDA' });
      const padWorker = await createWorker(t.app, [STATION_APP_MENU.PAD]);
      const consoleUser = await createWorker(t.app, ['/productionCenter']);
      expectRefusal(await login(pad.code, consoleUser.userName, consoleUser.password), 403, STATION_MSG.noAppPermission('PAD APP'));
      expectRefusal(await login(pda.code, padWorker.userName, padWorker.password), 403, STATION_MSG.noAppPermission('PDA APP'));
      const pdaWorker = await createWorker(t.app, [STATION_APP_MENU.PDA]);
      expect((await signIn(pda.code, pdaWorker)).terminal.terminalType).toBe('PDA');
    });

    it('refuses a stopped role as one without the menu', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app);
      await db()
        .updateTable('role')
        .set({ status: 0 })
        .where('id', '=', (await db().selectFrom('account').select('roleId').where('id', '=', worker.id).executeTakeFirstOrThrow()).roleId!)
        .execute();
      expectRefusal(await login(pad.code, worker.userName, worker.password), 403, STATION_MSG.noAppPermission('PAD APP'));
    });

    it('treats a terminal of another tenant as unknown', async () => {
      const otherTenant = await createOtherTenant(db());
      const theirs = await idlePad({ ownerId: otherTenant });
      const worker = await createWorker(t.app);
      expectRefusal(await login(theirs.code, worker.userName, worker.password), 400, STATION_MSG.terminalUnknown);
      expect(await workerOf(theirs.id)).toBeNull();
    });

    it('refuses a name or password no account could have, and NUL, with the same 400 on both databases', async () => {
      const pad = await idlePad();
      expectRefusal(await login(pad.code, 'u'.repeat(65), 'Whatever1'), 400, STATION_MSG.loginFailed);
      expectRefusal(await login(pad.code, 'u'.repeat(100_000), 'Whatever1'), 400, STATION_MSG.loginFailed);
      expectRefusal(await login(pad.code, 'worker\u0000', 'Whatever1'), 400, MSG.nulCharacter);
      expectRefusal(await login(pad.code, 'worker', 'p'.repeat(129)), 400, STATION_MSG.loginFailed);
      expectRefusal(await login('T'.repeat(33), 'worker', 'Whatever1'), 400, STATION_MSG.terminalUnknown);
      expectRefusal(await login('T\u0000', 'worker', 'Whatever1'), 400, MSG.nulCharacter);
      expect(await db().selectFrom('login_failure').select('id').where('userName', 'like', 'uuuu%').execute()).toEqual([]);
    });

    it('lets a sub-user sign in at a terminal of its own lines, or of none, and refuses one of another line', async () => {
      const mine = await idlePad();
      const theirs = await idlePad();
      const worker = await createWorker(t.app);
      await tieToLineOf(mine.code, worker);
      expectRefusal(await login(theirs.code, worker.userName, worker.password), 403, STATION_MSG.lineNotOfUser);
      expect(await sessionsOf(theirs.id)).toEqual([]);
      expect(await workerOf(theirs.id)).toBeNull();
      expect(api.ok<StationLoginResult>(await login(mine.code, worker.userName, worker.password)).terminal.id).toBe(mine.id);
      // A terminal on no line (an unused PAD) is the whole account's, as on the terminal page.
      const unused = await createTerminal(db());
      expect(api.ok<StationLoginResult>(await login(await terminalCodeOf(unused), worker.userName, worker.password)).terminal.id).toBe(unused);
    });

    it('lets the platform administrator sign in anywhere', async () => {
      const pad = await idlePad();
      const result = api.ok<StationLoginResult>(await login(pad.code, 'admin', 'Admin12345'));
      expect(result.user.userName).toBe('admin');
    });

    it('lets a user who must still change the password work at the line', async () => {
      const pad = await idlePad();
      const roleWorker = await createWorker(t.app);
      const roleId = (await db().selectFrom('account').select('roleId').where('id', '=', roleWorker.id).executeTakeFirstOrThrow()).roleId;
      const userName = `fresh${Date.now().toString(36)}`;
      const id = await createUser(db(), userName, WORKER_PASSWORD, { roleId, mustChangePassword: true });
      await tieToLineOf(pad.code, { id, userName, password: WORKER_PASSWORD });
      const result = api.ok<StationLoginResult>(await login(pad.code, userName, WORKER_PASSWORD));
      expect(api.ok(await get(PATHS.stationAssignment, result.token))).toBeNull();
    });

    it('ends the earlier session of the terminal when someone signs in on it', async () => {
      const pad = await idlePad();
      const first = await createWorker(t.app);
      const second = await createWorker(t.app);
      const { token: firstToken } = await signIn(pad.code, first);
      const { token: secondToken } = await signIn(pad.code, second);
      expectRefusal(await get(PATHS.stationAssignment, firstToken), 401, STATION_MSG.sessionExpired);
      expect(api.ok(await get(PATHS.stationAssignment, secondToken))).toBeNull();
      expect(await sessionsOf(pad.id)).toEqual([second.id]);
      expect(await workerOf(pad.id)).toBe(second.id);
    });

    it('does not put sign-ins in the operation log', async () => {
      const pad = await idlePad();
      await signIn(pad.code, await createWorker(t.app));
      const logged = await db().selectFrom('operation_log').select('id').where('route', 'like', '/api/station/%').execute();
      expect(logged).toEqual([]);
    });
  });

  describe('guard', () => {
    it('refuses no token, an unknown token and a console token with 401', async () => {
      expectRefusal(await get(PATHS.stationAssignment, null), 401, STATION_MSG.sessionExpired);
      expectRefusal(await get(PATHS.stationAssignment, 'not-a-token'), 401, STATION_MSG.sessionExpired);
      expectRefusal(await get(PATHS.stationAssignment, t.admin), 401, STATION_MSG.sessionExpired);
      expectRefusal(await post(PATHS.stationResult, null, {}), 401, STATION_MSG.sessionExpired);
    });

    it('ends a session idle past the limit, and frees the worker', async () => {
      const pad = await idlePad();
      const { token } = await signIn(pad.code, await createWorker(t.app));
      await db()
        .updateTable('station_session')
        .set({ lastSeenAt: Date.now() - 31 * 60_000 })
        .where('terminalId', '=', pad.id)
        .execute();
      expectRefusal(await get(PATHS.stationAssignment, token), 401, STATION_MSG.sessionExpired);
      expect(await sessionsOf(pad.id)).toEqual([]);
      expect(await workerOf(pad.id)).toBeNull();
    });

    it('keeps a session seen within the limit and touches it at most once a minute', async () => {
      const pad = await idlePad();
      const { token } = await signIn(pad.code, await createWorker(t.app));
      const lastSeen = () =>
        db().selectFrom('station_session').select('lastSeenAt').where('terminalId', '=', pad.id).executeTakeFirstOrThrow();
      const recent = Date.now() - 30_000;
      await db().updateTable('station_session').set({ lastSeenAt: recent }).where('terminalId', '=', pad.id).execute();
      api.ok(await get(PATHS.stationAssignment, token));
      expect((await lastSeen()).lastSeenAt).toBe(recent);
      const older = Date.now() - 29 * 60_000;
      await db().updateTable('station_session').set({ lastSeenAt: older }).where('terminalId', '=', pad.id).execute();
      api.ok(await get(PATHS.stationAssignment, token));
      expect((await lastSeen()).lastSeenAt).toBeGreaterThan(Date.now() - 5_000);
    });

    it('refuses the session of a user stopped since, or whose role lost the APP menu', async () => {
      const pad = await idlePad();
      const stopped = await createWorker(t.app);
      const { token } = await signIn(pad.code, stopped);
      await db().updateTable('account').set({ status: 0 }).where('id', '=', stopped.id).execute();
      expectRefusal(await get(PATHS.stationAssignment, token), 401, MSG.accountStopped);

      const other = await idlePad();
      const demoted = await createWorker(t.app);
      const { token: demotedToken } = await signIn(other.code, demoted);
      const { roleId } = await db().selectFrom('account').select('roleId').where('id', '=', demoted.id).executeTakeFirstOrThrow();
      await db().deleteFrom('role_menu').where('roleId', '=', roleId!).execute();
      expectRefusal(await get(PATHS.stationAssignment, demotedToken), 401, STATION_MSG.noAppPermission('PAD APP'));
      expect(await sessionsOf(other.id)).toEqual([]);
    });

    it('ends the session of a worker taken off the terminal’s line, or whose terminal went to another line', async () => {
      const pad = await idlePad();
      const worker = await createWorker(t.app);
      const { token } = await signIn(pad.code, worker);
      await db().deleteFrom('account_line').where('accountId', '=', worker.id).execute();
      expectRefusal(await get(PATHS.stationAssignment, token), 401, STATION_MSG.lineNotOfUser);
      expect(await sessionsOf(pad.id)).toEqual([]);
      expect(await workerOf(pad.id)).toBeNull();

      const moved = await idlePad();
      const { token: movedToken } = await signIn(moved.code, await createWorker(t.app));
      await db().updateTable('terminal').set({ lineId: await createLine(db()) }).where('id', '=', moved.id).execute();
      expectRefusal(await get(PATHS.stationAssignment, movedToken), 401, STATION_MSG.lineNotOfUser);
    });

    it('refuses the results of a worker no longer on the line of the task’s terminal, and stores nothing', async () => {
      const task = await api.runningTask({ flows: 1 });
      const station = task.stations[0]!;
      await db().deleteFrom('account_line').where('accountId', '=', task.worker.id).execute();
      const body = await api.resultBody(station.flowId, task.codes[0]!);
      expectRefusal(await api.submit(station.token, body), 401, STATION_MSG.lineNotOfUser);
      expect((await api.storedCounts(task.taskId)).results).toBe(0);
    });

    it('logs out: the token is dead and the terminal shows no worker', async () => {
      const pad = await idlePad();
      const { token } = await signIn(pad.code, await createWorker(t.app));
      expect(api.ok(await post(PATHS.stationLogout, token))).toBeNull();
      expect(await workerOf(pad.id)).toBeNull();
      expectRefusal(await get(PATHS.stationAssignment, token), 401, STATION_MSG.sessionExpired);
      const response = await t.app.inject({ method: 'POST', url: PATHS.stationLogout, headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    });
  });
});
