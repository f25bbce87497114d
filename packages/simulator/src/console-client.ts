import { type Envelope, type LoginResult, PATHS } from '@factory/contracts';

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

/**
 * Signs in to the console API (the server must run with CAPTCHA=off, as the demo
 * and the tests do) and answers a caller carrying that session.
 */
export async function consoleLogin(baseUrl: string, username: string, password: string): Promise<{ call: ConsoleCall; login: LoginResult }> {
  const root = baseUrl.replace(/\/+$/, '');
  const login = await exchange<LoginResult>(root, null, 'POST', PATHS.login, {
    form: { username, password, code: '0000', codeId: 'simulator' },
  });
  const call: ConsoleCall = (method, path, options) => exchange(root, login.token, method, path, options);
  return { call, login };
}

/**
 * Signs a new user in with the default password and sets its own: users made in
 * the console must change the default password before any other call (docs/api.md).
 */
export async function setFirstPassword(baseUrl: string, username: string, defaultPassword: string, password: string): Promise<void> {
  const { call } = await consoleLogin(baseUrl, username, defaultPassword);
  await call('POST', PATHS.editPassword, { form: { password } });
}
