import {
  PATHS,
  STATION_MSG,
  SUCCESS_CODE,
  type StationAssignment,
  type StationDevice,
  type StationLastTask,
  type StationLoginBody,
  type StationLoginResult,
  type StationResultBody,
  type StationResultRow,
  type StationVerdict,
} from './contracts';

/** A terminal on a weak network should not hang on a call; a retried result is safe (clientResultId). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const SERVER_UNREACHABLE = '无法连接服务器，请检查网络';

/**
 * refused: the server answered 4xx with an envelope (its errorMsg is the message);
 *   resending the same thing will not help.
 * session: the station token is missing or expired (401); sign in again.
 * network: no answer, a timeout, a 5xx or no envelope: worth retrying later.
 */
export type StationErrorKind = 'refused' | 'session' | 'network';

export class StationError extends Error {
  override readonly name = 'StationError';
  constructor(
    readonly kind: StationErrorKind,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

interface CallOptions {
  token?: string | null;
  json?: unknown;
  query?: Record<string, string | number>;
}

/** The station's own small fetch client: no store, no notices; callers decide what to show. */
async function call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const search = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([key, value]) => [key, String(value)]))}` : '';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const response = await fetch(path + search, { method, headers, body, signal: controller.signal });
    status = response.status;
    text = await response.text();
  } catch {
    throw new StationError('network', SERVER_UNREACHABLE, null);
  } finally {
    clearTimeout(timer);
  }

  const envelope = parseEnvelope(text);
  if (status === 401) throw new StationError('session', envelope?.errorMsg || STATION_MSG.sessionExpired, status);
  if (status >= 500 || !envelope) throw new StationError('network', SERVER_UNREACHABLE, status);
  if (envelope.code === SUCCESS_CODE) return envelope.data as T;
  throw new StationError('refused', envelope.errorMsg || SERVER_UNREACHABLE, status);
}

function parseEnvelope(text: string): { code: number; data: unknown; errorMsg: string | null } | null {
  try {
    const value = JSON.parse(text) as { code?: unknown; data?: unknown; errorMsg?: unknown } | null;
    if (!value || (value.code !== 0 && value.code !== 1)) return null;
    return { code: value.code, data: value.data ?? null, errorMsg: typeof value.errorMsg === 'string' ? value.errorMsg : null };
  } catch {
    return null;
  }
}

export const stationLogin = (body: StationLoginBody) => call<StationLoginResult>('POST', PATHS.stationLogin, { json: body });

export const stationLogout = (token: string) => call<unknown>('POST', PATHS.stationLogout, { token, json: {} });

export const fetchAssignment = (token: string) => call<StationAssignment>('GET', PATHS.stationAssignment, { token });

/** The unit of a scanned production code at this terminal's flow; refused as a result of it would be. */
export const checkDevice = (token: string, productionCode: string) => call<StationDevice>('GET', PATHS.stationDevice, { token, query: { productionCode } });

/** The task of this terminal's latest result (null: none): why an idle terminal is idle. */
export const fetchLastTask = (token: string) => call<StationLastTask>('GET', PATHS.stationLastTask, { token });

export const submitResult = (token: string, body: StationResultBody) => call<StationVerdict>('POST', PATHS.stationResult, { token, json: body });

/** Today's results at this terminal, newest first (a page of them, or all). */
export async function fetchTodayResults(token: string): Promise<StationResultRow[]> {
  const data = await call<{ list: StationResultRow[] } | StationResultRow[]>('GET', PATHS.stationResults, { token, query: { page: 1, pageSize: 100 } });
  return Array.isArray(data) ? data : (data?.list ?? []);
}
