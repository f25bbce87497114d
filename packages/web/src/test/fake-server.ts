import type { AnswerIn, AnyEndpoint } from '@factory/contracts';
import { envelope, failure, installFetch, type SeenRequest, type StandInAnswer } from './fetch-stand-in';

/**
 * The console's tests answer calls through the contracts (issue 14): `answer(endpoint, data)`
 * takes only data of the endpoint's response type, and the console's apiCall checks it
 * against the response schema at run time as well, so a fake answer cannot drift from
 * what the server sends.
 */

/** A request the fake server received, with its query and JSON body read. */
export interface FakeRequest extends SeenRequest {
  path: string;
  query: Record<string, string>;
  /** the parsed JSON body (undefined for none, a form or multipart) */
  json: unknown;
}

/** A refusal: the failure envelope with the server's errorMsg (status 200 unless given, as the server does for 4xx). */
export interface Refusal {
  refused: string;
  status?: number;
}

export const refusal = (errorMsg: string, status?: number): Refusal => ({ refused: errorMsg, status });

type Reply<E extends AnyEndpoint> = AnswerIn<E> | Refusal | StandInAnswer;

export interface FakeRoute {
  endpoint: AnyEndpoint;
  respond: (request: FakeRequest) => StandInAnswer | Promise<StandInAnswer>;
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

/**
 * A raw answer: used for what no endpoint's data can say (an HTML error page, a
 * status without an envelope). Marked so it is never taken for data.
 */
const RAW = Symbol('raw answer');
export const rawAnswer = (answer: StandInAnswer): StandInAnswer => Object.assign(answer, { [RAW]: true });
const isRaw = (value: unknown): value is StandInAnswer => typeof value === 'object' && value !== null && RAW in value;

function toAnswer(value: unknown): StandInAnswer {
  if (isRaw(value)) return value;
  if (isRefusal(value)) return { status: value.status ?? 400, body: failure(value.refused) };
  return { body: envelope(value) };
}

/** Answers `endpoint` with `data`, or with what `reply(request)` returns (data, a refusal or a raw answer). */
export function answer<E extends AnyEndpoint>(
  endpoint: E,
  reply: AnswerIn<E> | ((request: FakeRequest) => Reply<E> | Promise<Reply<E>>),
): FakeRoute {
  return {
    endpoint,
    respond: async (request) => toAnswer(typeof reply === 'function' ? await (reply as (r: FakeRequest) => unknown)(request) : reply),
  };
}

/** Refuses `endpoint` with the server's message. */
export const refuse = (endpoint: AnyEndpoint, errorMsg: string, status?: number): FakeRoute => ({
  endpoint,
  respond: () => toAnswer(refusal(errorMsg, status)),
});

export const pathOf = (request: SeenRequest) => new URL(request.url, 'http://console').pathname;

function read(request: SeenRequest): FakeRequest {
  const url = new URL(request.url, 'http://console');
  let json: unknown;
  if (request.body !== undefined && request.headers['Content-Type']?.startsWith('application/json')) json = JSON.parse(request.body);
  return { ...request, path: url.pathname, query: Object.fromEntries(url.searchParams), json };
}

export interface FakeServer {
  /** every request, in order */
  seen: SeenRequest[];
  /** the requests to one endpoint, with their query and body read */
  calls: (endpoint: AnyEndpoint) => FakeRequest[];
  /** puts or replaces answers while the test runs */
  put: (...routes: FakeRoute[]) => void;
}

/**
 * Puts the fake server behind fetch. A call no route answers gets a 404 failure
 * naming its path, so a test never passes on an answer it did not mean to give.
 * Later routes of the same endpoint win (so `put` can change an answer mid-test).
 */
export function installServer(...routes: FakeRoute[]): FakeServer {
  const table = new Map<string, FakeRoute>();
  const put = (...more: FakeRoute[]) => more.forEach((route) => table.set(`${route.endpoint.method} ${route.endpoint.path}`, route));
  put(...routes);
  const seen = installFetch((request) => {
    const read_ = read(request);
    const route = table.get(`${request.method} ${read_.path}`);
    if (!route) return { status: 404, body: failure(`fake server: nothing answers ${request.method} ${read_.path}`) };
    return route.respond(read_);
  });
  const calls = (endpoint: AnyEndpoint) =>
    seen.filter((request) => request.method === endpoint.method && pathOf(request) === endpoint.path).map(read);
  return { seen, calls, put };
}
