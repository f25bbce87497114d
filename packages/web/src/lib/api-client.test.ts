import { MSG, PATHS } from '@factory/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, formFields, hangingAnswer, installFetch } from '../test/fetch-stand-in';
import { loginResultWith } from '../test/fixtures';
import { ApiError, apiGet, apiPost, apiPostForm, REQUEST_TIMEOUT_MS, showApiError } from './api-client';
import { setFeedback, type Feedback } from './feedback';
import { setNavigator } from './navigation';
import { useSession } from './session-store';

let notices: Array<[keyof Feedback, string]>;
let visited: string[];

beforeEach(() => {
  notices = [];
  visited = [];
  setFeedback({
    success: (content) => notices.push(['success', content]),
    error: (content) => notices.push(['error', content]),
    warning: (content) => notices.push(['warning', content]),
    info: (content) => notices.push(['info', content]),
  });
  setNavigator((to) => visited.push(to));
  useSession.getState().clear();
});

afterEach(() => {
  setFeedback(null);
  setNavigator(null);
  vi.useRealTimers();
});

const signIn = (token = 'token-1') => useSession.getState().signIn(loginResultWith({ token }));

describe('api client: answers', () => {
  it('resolves with data and sends the session token as a bearer header', async () => {
    signIn('t-42');
    const seen = installFetch(() => ({ body: envelope({ total: 3 }) }));

    await expect(apiGet(PATHS.lineList, { page: 1, status: undefined, lineIds: [4, 5] })).resolves.toEqual({
      total: 3,
    });
    expect(seen[0]?.url).toBe(`${PATHS.lineList}?page=1&lineIds=4&lineIds=5`);
    expect(seen[0]?.headers.Authorization).toBe('Bearer t-42');
  });

  it('sends no Authorization header without a session, nor for the sign-in calls', async () => {
    const seen = installFetch(() => ({ body: envelope(null) }));
    await apiGet(PATHS.health);
    signIn();
    await apiPostForm(PATHS.login, { username: 'a' }, { auth: false });
    expect(seen.map((request) => request.headers.Authorization)).toEqual([undefined, undefined]);
  });

  it('posts JSON, or form-encoded fields when asked', async () => {
    const seen = installFetch(() => ({ body: envelope(null) }));
    await apiPost(PATHS.taskStop, { id: 9 });
    await apiPostForm(PATHS.editPassword, { password: 'Abc 12345&x' });

    expect(seen[0]?.headers['Content-Type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"id":9}');
    expect(seen[1]?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(seen[1]!)).toEqual({ password: 'Abc 12345&x' });
  });
});

describe('api client: failures', () => {
  it('rejects an envelope of code 0 with its errorMsg and leaves showing it to the caller', async () => {
    signIn();
    installFetch(() => ({ status: 409, body: failure('该任务已开始，不能删除') }));

    const error = await apiPost(PATHS.taskDelete, { id: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', message: '该任务已开始，不能删除', status: 409 });
    expect(notices).toEqual([]);
    expect(useSession.getState().token).toBe('token-1');

    showApiError(error);
    expect(notices).toEqual([['error', '该任务已开始，不能删除']]);
  });

  it('treats a failed sign-in (no token sent) as a business error whatever its status', async () => {
    signIn('stale');
    installFetch(() => ({ status: 429, body: failure(MSG.tooManyAttempts) }));
    await expect(apiPostForm(PATHS.login, { username: 'a' }, { auth: false })).rejects.toMatchObject({
      kind: 'business',
      message: MSG.tooManyAttempts,
    });
    expect(visited).toEqual([]);
    expect(useSession.getState().token).toBe('stale');
  });

  it('on 401 with a token: warns once, clears the session and goes to /login once', async () => {
    signIn();
    installFetch(() => ({ status: 401, body: failure(MSG.sessionExpired) }));

    const results = await Promise.allSettled([apiGet(PATHS.taskList), apiGet(PATHS.productTypes)]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { kind: 'session', message: MSG.sessionExpired } });
    expect(useSession.getState().token).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(notices).toEqual([['warning', MSG.sessionExpired]]);
    expect(visited).toEqual(['/login']);
  });

  it('treats the legacy status 999 like 401', async () => {
    signIn();
    installFetch(() => ({ status: 999, body: '' }));
    await expect(apiGet(PATHS.taskList)).rejects.toMatchObject({ kind: 'session' });
    expect(visited).toEqual(['/login']);
    expect(notices).toEqual([['warning', MSG.sessionExpired]]);
  });

  it.each([
    ['an HTML error page', () => ({ status: 502, body: '<html><body>Bad Gateway</body></html>' })],
    ['JSON that is no envelope', () => ({ status: 500, body: { message: 'boom' } })],
    ['an empty 200', () => ({ status: 200, body: '' })],
  ])('shows 服务器异常，请稍后重试 for %s', async (_name, answer) => {
    signIn();
    installFetch(answer);
    await expect(apiGet(PATHS.taskList)).rejects.toMatchObject({ kind: 'server', message: MSG.serverError });
    expect(notices).toEqual([['error', MSG.serverError]]);
    expect(useSession.getState().token).toBe('token-1');
  });

  it('shows 服务器异常，请稍后重试 when the network fails', async () => {
    installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet(PATHS.taskList)).rejects.toMatchObject({ kind: 'server' });
    expect(notices).toEqual([['error', MSG.serverError]]);
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const seen = installFetch(hangingAnswer);
    let settled = false;
    const call = apiGet(PATHS.boardSchedule).finally(() => {
      settled = true;
    });
    call.catch(() => undefined);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(seen[0]?.signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await expect(call).rejects.toMatchObject({ kind: 'server', message: MSG.serverError });
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(notices).toEqual([['error', MSG.serverError]]);
  });

  it('stays silent when the caller cancels or asks for quiet', async () => {
    signIn();
    installFetch(hangingAnswer);
    const controller = new AbortController();
    const cancelled = apiGet(PATHS.boardSchedule, undefined, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toThrow();

    installFetch(() => ({ status: 401, body: '' }));
    await expect(apiPost(PATHS.logout, {}, { quiet: true })).rejects.toMatchObject({ kind: 'session' });
    expect(notices).toEqual([]);
    expect(visited).toEqual([]);
  });
});
