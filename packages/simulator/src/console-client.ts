import {
  type Answer,
  type AnyEndpoint,
  type CallArgs,
  checkedAnswer,
  type Envelope,
  type HttpMethod,
  type LoginResult,
  requestOf,
  SESSION_ENDPOINTS,
} from '@factory/contracts';

interface CallOptions {
  json?: unknown;
  form?: URLSearchParams;
  multipart?: FormData;
}

/** An error envelope of the console API, with its HTTP status. */
export class ConsoleApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ConsoleApiError';
    this.status = status;
  }
}

/**
 * The typed client of the contracts (issue 14), for the simulator, the e2e support and
 * the benches: input and answer typed by the endpoint, every answer checked against
 * its response schema (so a server that drifts from its contract fails here first).
 */
export type ConsoleApi = <E extends AnyEndpoint>(endpoint: E, ...[input]: CallArgs<E>) => Promise<Answer<E>>;

async function exchange(baseUrl: string, token: string | null, method: HttpMethod, path: string, options: CallOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = options.form.toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let envelope: Envelope<unknown>;
  try {
    envelope = JSON.parse(text) as Envelope<unknown>;
  } catch {
    throw new ConsoleApiError(response.status, `${method} ${path}: HTTP ${response.status}`);
  }
  if (envelope.code !== 1) throw new ConsoleApiError(response.status, `${method} ${path}: ${envelope.errorMsg ?? response.status}`);
  return envelope.data;
}

/**
 * The typed caller of a session: `token` from a sign-in (the console's or, for the
 * station calls, a station's), or null for the public calls. An error envelope
 * throws ConsoleApiError; a successful answer outside its contract throws AnswerMismatch.
 */
export function consoleApi(baseUrl: string, token: string | null): ConsoleApi {
  const root = baseUrl.replace(/\/+$/, '');
  return async (endpoint, ...[input]) => {
    const outgoing = requestOf(endpoint, input);
    const body = outgoing.body;
    const options: CallOptions = {};
    if (body?.encoding === 'json') options.json = body.value;
    if (body?.encoding === 'form') options.form = body.value;
    if (body?.encoding === 'multipart') options.multipart = body.value;
    return checkedAnswer(endpoint, await exchange(root, token, outgoing.method, outgoing.url, options));
  };
}

/**
 * Signs in to the console API (the server must run with CAPTCHA=off, as the demo
 * and the tests do) and answers a caller carrying that session.
 */
export async function consoleLogin(baseUrl: string, username: string, password: string): Promise<{ api: ConsoleApi; login: LoginResult }> {
  const login = await consoleApi(baseUrl, null)(SESSION_ENDPOINTS.login, { username, password, code: '0000', codeId: 'simulator' });
  return { api: consoleApi(baseUrl, login.token), login };
}

/**
 * Signs a new user in with the default password and sets its own: users made in
 * the console must change the default password before any other call (docs/api.md).
 */
export async function setFirstPassword(baseUrl: string, username: string, defaultPassword: string, password: string): Promise<void> {
  const { api } = await consoleLogin(baseUrl, username, defaultPassword);
  await api(SESSION_ENDPOINTS.editPassword, { password });
}
