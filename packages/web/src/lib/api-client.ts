import {
  type AnyEndpoint,
  type Answer,
  type CallArgs,
  checkedAnswer,
  type Envelope,
  MSG,
  requestOf,
  searchParamsOf,
  SUCCESS_CODE,
} from '@factory/contracts';
import { feedback } from './feedback';
import { navigateTo } from './navigation';
import { useSession } from './session-store';

/** seed 000 §9 */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The legacy "session expired" status that seed 000 §8 still names beside 401. */
const LEGACY_EXPIRED_STATUS = 999;

/**
 * business: the server answered with an envelope of code 0 (message = its errorMsg;
 *   the caller decides whether to show it, see showApiError).
 * session: the session expired; the client already warned and went to /login.
 * server: no envelope came back (network, timeout, HTML, bare 5xx); already shown.
 */
export type ApiErrorKind = 'business' | 'session' | 'server';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

type Scalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, Scalar | readonly (string | number)[]>;
export type FormFields = Record<string, Scalar>;

export interface RequestOptions {
  query?: QueryParams;
  /** sent as application/json */
  json?: unknown;
  /** sent as application/x-www-form-urlencoded (sign-in and password calls, seed 000 §7) */
  form?: FormFields | URLSearchParams;
  /** sent as multipart/form-data; the browser writes the Content-Type with its boundary */
  multipart?: FormData;
  /**
   * false for the sign-in calls: they never send a token, so a stale one left in
   * the tab can not make a failed sign-in look like an expired session.
   */
  auth?: boolean;
  /** Skip the client's own notices and redirect; the caller handles every failure (logout). */
  quiet?: boolean;
  timeoutMs?: number;
  /** react-query's cancellation signal */
  signal?: AbortSignal;
}

export async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  const { auth = true, quiet = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const token = auth ? useSession.getState().token : null;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = (options.form instanceof URLSearchParams ? options.form : searchParamsOf(options.form)).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });

  let status: number;
  let text: string;
  try {
    const response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    status = response.status;
    // The body is read inside the timeout too: a server that stalls mid-answer is no better.
    text = await response.text();
  } catch (error) {
    // A caller that cancelled (page left) wants no notice.
    if (options.signal?.aborted) throw error;
    throw serverFailure(null, quiet);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  if (token && (status === 401 || status === LEGACY_EXPIRED_STATUS)) {
    if (!quiet) expireSession(token);
    throw new ApiError('session', MSG.sessionExpired, status);
  }

  const envelope = parseEnvelope(text);
  if (!envelope) throw serverFailure(status, quiet);
  if (envelope.code === SUCCESS_CODE) return envelope.data as T;
  throw new ApiError('business', envelope.errorMsg || MSG.serverError, status);
}

export function apiGet<T>(path: string, query?: QueryParams, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, { ...options, query });
}

export function apiPost<T>(path: string, json?: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, { ...options, json: json ?? {} });
}

export function apiPostForm<T>(path: string, form: FormFields, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, { ...options, form });
}

/** Uploads of up to 20 MB (MAX_UPLOAD_BYTES) need longer than a list call's 10 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Answers are checked against their contract in development and in tests, so a
 * server (or a test's fake server) that drifts from it fails loudly; a production
 * build trusts the server and skips the work.
 */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * Calls an endpoint of the contracts (issue 14): the input goes to the query or the
 * body as the endpoint says, and the answer is typed (and, in development, checked)
 * by its response schema. Uploads get the upload timeout.
 */
export async function apiCall<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options = {}]: CallArgs<E, [options?: RequestOptions]>
): Promise<Answer<E>> {
  const outgoing = requestOf(endpoint, input);
  const body = outgoing.body;
  const data = await request<unknown>(outgoing.method, outgoing.url, {
    ...(body?.encoding === 'multipart' ? { timeoutMs: UPLOAD_TIMEOUT_MS } : {}),
    ...options,
    ...(body?.encoding === 'json' ? { json: body.value } : {}),
    ...(body?.encoding === 'form' ? { form: body.value } : {}),
    ...(body?.encoding === 'multipart' ? { multipart: body.value } : {}),
  });
  return CHECK_ANSWERS ? checkedAnswer(endpoint, data) : (data as Answer<E>);
}

/**
 * Shows a business failure's errorMsg as an error message. Session and server
 * failures were already shown by the client, so they are not shown twice.
 */
export function showApiError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.kind === 'business') feedback().error(error.message);
    return;
  }
  console.error(error);
}

/**
 * Several calls that fail together all carried the same token; only the first
 * finds it still in the session, so the warning and redirect happen once.
 */
function expireSession(token: string): void {
  const session = useSession.getState();
  if (session.token !== token) return;
  session.clear();
  feedback().warning(MSG.sessionExpired);
  navigateTo('/login');
}

function serverFailure(status: number | null, quiet: boolean): ApiError {
  if (!quiet) feedback().error(MSG.serverError);
  return new ApiError('server', MSG.serverError, status);
}

function parseEnvelope(text: string): Envelope<unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<Envelope<unknown>>;
  if (candidate.code !== 0 && candidate.code !== 1) return null;
  return {
    code: candidate.code,
    data: candidate.data ?? null,
    errorMsg: typeof candidate.errorMsg === 'string' ? candidate.errorMsg : null,
  };
}

function withQuery(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const search = searchParamsOf(query).toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/**
 * Runs a mutation a button started: the success text on success, the server's
 * errorMsg on a refusal (the client already showed transport and session failures).
 */
export async function runWithFeedback(call: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await call();
    feedback().success(success);
    return true;
  } catch (error) {
    showApiError(error);
    return false;
  }
}
