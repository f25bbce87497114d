import {
  type Answer,
  type AnyEndpoint,
  type CallArgs,
  checkedAnswer,
  type Envelope,
  type LoginResult,
  PATHS,
  requestOf,
} from '@factory/contracts';

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
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

export type ConsoleCall = <T = unknown>(method: 'GET' | 'POST', path: string, options?: CallOptions) => Promise<T>;

async function exchange<T>(baseUrl: string, token: string | null, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ConsoleApiError(response.status, `${method} ${path}: HTTP ${response.status}`);
  }
  if (envelope.code !== 1) throw new ConsoleApiError(response.status, `${method} ${path}: ${envelope.errorMsg ?? response.status}`);
  return envelope.data;
}

function typedApi(root: string, token: string): ConsoleApi {
  return async (endpoint, ...[input]) => {
    const outgoing = requestOf(endpoint, input);
    const body = outgoing.body;
    const options: CallOptions = {};
    if (body?.encoding === 'json') options.json = body.value;
    if (body?.encoding === 'form') options.form = Object.fromEntries(body.value);
    if (body?.encoding === 'multipart') options.multipart = body.value;
    return checkedAnswer(endpoint, await exchange(root, token, outgoing.method, outgoing.url, options));
  };
}

/**
 * Signs in to the console API (the server must run with CAPTCHA=off, as the demo
 * and the tests do) and answers a caller carrying that session.
 */
export async function consoleLogin(baseUrl: string, username: string, password: string): Promise<{ call: ConsoleCall; api: ConsoleApi; login: LoginResult }> {
  const root = baseUrl.replace(/\/+$/, '');
  const login = await exchange<LoginResult>(root, null, 'POST', PATHS.login, {
    form: { username, password, code: '0000', codeId: 'simulator' },
  });
  const call: ConsoleCall = (method, path, options) => exchange(root, login.token, method, path, options);
  return { call, api: typedApi(root, login.token), login };
}

/**
 * Signs a new user in with the default password and sets its own: users made in
 * the console must change the default password before any other call (docs/api.md).
 */
export async function setFirstPassword(baseUrl: string, username: string, defaultPassword: string, password: string): Promise<void> {
  const { call } = await consoleLogin(baseUrl, username, defaultPassword);
  await call('POST', PATHS.editPassword, { form: { password } });
}
