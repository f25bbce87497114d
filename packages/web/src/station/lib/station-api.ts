import {
  type Answer,
  type AnyEndpoint,
  type CallArgs,
  type CallInput,
  checkedAnswer,
  requestOf,
  STATION_ENDPOINTS as STATION,
  STATION_MSG,
  type StationResultRow,
  SUCCESS_CODE,
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

/**
 * Answers are checked against their contract in development and in tests (as the
 * console's apiCall does), so a server or a test's stand-in that drifts from it
 * fails loudly; a production build trusts the server and skips the work.
 */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * The station's own small fetch client (no store, no notices; callers decide what
 * to show): a call of the station API with the station token, its input and answer
 * typed by the endpoint. The sign-in goes without a token.
 */
export async function stationCall<E extends AnyEndpoint>(endpoint: E, token: string | null, ...[input]: CallArgs<E>): Promise<Answer<E>> {
  const outgoing = requestOf(endpoint, input);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // Every station call with a body sends JSON (a POST without a body schema sends `{}`).
  let body: string | undefined;
  if (outgoing.body?.encoding === 'json') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(outgoing.body.value);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const response = await fetch(outgoing.url, { method: outgoing.method, headers, body, signal: controller.signal });
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
  if (envelope.code === SUCCESS_CODE) return CHECK_ANSWERS ? checkedAnswer(endpoint, envelope.data) : (envelope.data as Answer<E>);
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

export const stationLogin = (body: CallInput<typeof STATION.stationLogin>) => stationCall(STATION.stationLogin, null, body);

export const stationLogout = (token: string) => stationCall(STATION.stationLogout, token);

export const fetchAssignment = (token: string) => stationCall(STATION.stationAssignment, token);

/** The unit of a scanned production code at this terminal's flow; refused as a result of it would be. */
export const checkDevice = (token: string, productionCode: string) => stationCall(STATION.stationDevice, token, { productionCode });

/** The task of this terminal's latest result (null: none): why an idle terminal is idle. */
export const fetchLastTask = (token: string) => stationCall(STATION.stationLastTask, token);

export const submitResult = (token: string, body: CallInput<typeof STATION.stationResult>) => stationCall(STATION.stationResult, token, body);

/** Today's results at this terminal, newest first (the first 100). */
export async function fetchTodayResults(token: string): Promise<StationResultRow[]> {
  const page = await stationCall(STATION.stationResults, token, { page: 1, pageSize: 100 });
  return page.list;
}
