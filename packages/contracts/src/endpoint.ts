import type { z } from 'zod';
import type { Permission } from './permissions.js';

/**
 * One call of the API, defined once (issue 14): the server registers it with
 * route() (schema, permission, OpenAPI), the console calls it with apiCall(), the
 * simulator, e2e support and benches with their console client's api(), and the
 * console's tests answer it with answer(). Each side takes its types from here,
 * so a changed field fails to compile wherever it is used.
 */
export type HttpMethod = 'GET' | 'POST';

/** How a POST body travels: JSON, a url-encoded form (sign-in, password calls) or multipart (uploads). */
export type BodyEncoding = 'json' | 'form' | 'multipart';

export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  /** the OpenAPI summary, in the console's words */
  summary: string;
  /** the OpenAPI group */
  tag: string;
  /** what the caller needs (the server's guard refuses before validation) */
  permission: Permission;
  query: Q;
  body: B;
  /** json unless said; a multipart body has no schema here (its parts are read by the route) */
  encoding: BodyEncoding;
  /** `data` of a successful envelope; undefined for a raw answer (a file, an export, an event stream) */
  response: R;
}

/** Any endpoint, whatever its schemas. */
export type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

interface EndpointDefinition<Q, B, R> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  permission: Permission;
  query?: Q;
  body?: B;
  encoding?: BodyEncoding;
  response?: R;
}

/** The encoding is kept as its literal type, so a multipart endpoint's input is typed a FormData (BodyIn). */
export function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  En extends BodyEncoding = 'json',
>(definition: EndpointDefinition<Q, B, R> & { encoding?: En }): Endpoint<Q, B, R> & { encoding: En } {
  return {
    ...definition,
    query: definition.query as Q,
    body: definition.body as B,
    encoding: (definition.encoding ?? 'json') as En,
    response: definition.response as R,
  };
}

/** What a caller sends in the query string, before validation (the server coerces decimal text). */
export type QueryIn<E extends AnyEndpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
/** The query as the handler sees it, validated. */
export type QueryOut<E extends AnyEndpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : undefined;

/** What a caller sends as the body: the schema's input, or the FormData of a multipart upload. */
export type BodyIn<E extends AnyEndpoint> = E['encoding'] extends 'multipart'
  ? FormData
  : E['body'] extends z.ZodType
    ? z.input<E['body']>
    : never;
/** The body as the handler sees it, validated. */
export type BodyOut<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;

/** What a handler returns as `data` (before serialisation) and what a test's fake server answers. */
export type AnswerIn<E extends AnyEndpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;
/** What a client receives as `data`. */
export type Answer<E extends AnyEndpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;

type HasQuery<E extends AnyEndpoint> = E['query'] extends z.ZodType ? true : false;
type HasBody<E extends AnyEndpoint> = E['encoding'] extends 'multipart' ? true : E['body'] extends z.ZodType ? true : false;

/**
 * The one input of a call: its query or its body, whichever it has; `{ query, body }`
 * when it has both; nothing when it has neither.
 */
export type CallInput<E extends AnyEndpoint> =
  HasQuery<E> extends true
    ? HasBody<E> extends true
      ? E['encoding'] extends 'multipart'
        ? // a multipart call with its values in the query may leave the file out (firmware edit keeps its file)
          { query: QueryIn<E>; body?: BodyIn<E> }
        : { query: QueryIn<E>; body: BodyIn<E> }
      : QueryIn<E>
    : HasBody<E> extends true
      ? BodyIn<E>
      : void;

/** Arguments after the endpoint: the input, optional when the call takes none (or all of it is optional). */
export type CallArgs<E extends AnyEndpoint, Rest extends unknown[] = []> =
  CallInput<E> extends void
    ? [input?: undefined, ...Rest]
    : Record<never, never> extends CallInput<E>
      ? [input?: CallInput<E>, ...Rest]
      : [input: CallInput<E>, ...Rest];

type Scalar = string | number | boolean | null | undefined;
export type QueryValue = Scalar | readonly (string | number | boolean)[];

/** The body of a request, as the transport sends it. */
export type OutgoingBody =
  | { encoding: 'json'; value: unknown }
  | { encoding: 'form'; value: URLSearchParams }
  | { encoding: 'multipart'; value: FormData };

export interface OutgoingRequest {
  method: HttpMethod;
  /** the path with its query string */
  url: string;
  body: OutgoingBody | undefined;
}

/** Drops empty values, repeats arrays (`ids=1&ids=2`): what every client of this API sends. */
export function searchParamsOf(fields: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  return params;
}

/** The url and body of a call: the input goes where the endpoint says. */
export function requestOf<E extends AnyEndpoint>(endpoint: E, input: CallInput<E> | undefined): OutgoingRequest {
  const hasQuery = endpoint.query !== undefined;
  const hasBody = endpoint.body !== undefined || endpoint.encoding === 'multipart';
  let query: unknown;
  let body: unknown;
  if (hasQuery && hasBody) ({ query, body } = (input ?? {}) as { query?: unknown; body?: unknown });
  else if (hasQuery) query = input;
  else if (hasBody) body = input;

  const search = searchParamsOf(query as Record<string, unknown> | undefined).toString();
  const url = search ? `${endpoint.path}?${search}` : endpoint.path;
  if (endpoint.method === 'GET') return { method: 'GET', url, body: undefined };
  if (endpoint.encoding === 'multipart') {
    // No file to send: an empty JSON body, as Fastify refuses an empty multipart one.
    if (body === undefined) return { method: 'POST', url, body: { encoding: 'json', value: {} } };
    return { method: 'POST', url, body: { encoding: 'multipart', value: body as FormData } };
  }
  if (endpoint.encoding === 'form') {
    return { method: 'POST', url, body: { encoding: 'form', value: searchParamsOf(body as Record<string, unknown>) } };
  }
  // A POST without a body schema still sends `{}`: Fastify refuses an empty JSON body.
  return { method: 'POST', url, body: { encoding: 'json', value: body ?? {} } };
}

/** A successful answer that does not match its contract (a client's or a fake server's mistake). */
export class AnswerMismatch extends Error {
  override readonly name = 'AnswerMismatch';
  constructor(
    readonly path: string,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string }[],
  ) {
    super(
      `${path} answered outside its contract: ${issues
        .slice(0, 5)
        .map((issue) => `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
}

/** The answer's `data`, checked against the endpoint's response schema (throws AnswerMismatch). */
export function checkedAnswer<E extends AnyEndpoint>(endpoint: E, data: unknown): Answer<E> {
  if (!endpoint.response) return data as Answer<E>;
  const result = endpoint.response.safeParse(data);
  if (!result.success) throw new AnswerMismatch(endpoint.path, result.error.issues);
  return result.data as Answer<E>;
}
