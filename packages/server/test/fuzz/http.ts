import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { RouteInput, RouteShape } from './route-shapes.js';

/** A path parameter written into the url as is (malformed escapes like `%ff`), not escaped. */
export interface RawText {
  raw: string;
}

export function raw(text: string): RawText {
  return { raw: text };
}

function isRaw(value: unknown): value is RawText {
  return typeof value === 'object' && value !== null && 'raw' in value && typeof (value as RawText).raw === 'string';
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body built by hand, so that malformed ones can be built too. */
export function multipart(parts: Part[], options: { boundary?: string; truncate?: boolean } = {}): { payload: Buffer; contentType: string } {
  const boundary = options.boundary ?? 'fuzzboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  if (!options.truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** How the body travels. */
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'raw'; payload: string | Buffer; contentType?: string };

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = isRaw(item) ? item.raw : encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : String(item));
      pairs.push(`${encodeURIComponent(key)}=${text}`);
    }
  }
  return pairs.join('&');
}

/** The url of a route for an input: path parameters filled in, the query appended (or `rawQuery` as is). */
export function urlOf(shape: RouteShape, input: RouteInput, rawQuery?: string): string {
  const path = shape.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = input.path[name];
    return isRaw(value) ? value.raw : encodeURIComponent(String(value));
  });
  const query = rawQuery ?? queryString(input.query);
  return query ? `${path}?${query}` : path;
}

export function wire(shape: RouteShape, input: RouteInput, body: Body, token: string | null, rawQuery?: string): WireRequest {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const request: WireRequest = { method: shape.method, url: urlOf(shape, input, rawQuery), headers };
  switch (body.kind) {
    case 'none':
      break;
    case 'json':
      headers['content-type'] = 'application/json';
      request.payload = JSON.stringify(body.value);
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      request.payload = queryString(body.value);
      break;
    case 'raw':
      if (body.contentType) headers['content-type'] = body.contentType;
      request.payload = body.payload;
      break;
  }
  return request;
}

export interface Answer {
  status: number;
  contentType: string;
  /** the body as text (a stream's first bytes only) */
  body: string;
  /** no answer within the time limit */
  hung: boolean;
}

const ANSWER_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

let addressCounter = 0;
/**
 * Sends a request and reads its answer. Each request comes from an address of its
 * own, so that the sign-in throttle (per address) is not what a later sign-in meets.
 * A server-sent event stream is answered by its headers: its status is read and
 * the request aborted, as a browser leaving the page would.
 */
export async function send(app: FastifyInstance, request: WireRequest): Promise<Answer> {
  addressCounter += 1;
  const remoteAddress = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const abort = new AbortController();
  const response = await withTimeout(
    app.inject({ ...request, remoteAddress, payloadAsStream: true, signal: abort.signal }),
    ANSWER_TIMEOUT_MS,
  );
  if (response === 'timeout') {
    abort.abort();
    return { status: 0, contentType: '', body: '', hung: true };
  }
  const contentType = String(response.headers['content-type'] ?? '');
  const stream = response.stream();
  if (contentType.startsWith('text/event-stream')) {
    abort.abort();
    stream.on('error', () => undefined);
    stream.destroy();
    return { status: response.statusCode, contentType, body: '', hung: false };
  }
  const body = await withTimeout(readAll(stream), ANSWER_TIMEOUT_MS);
  if (body === 'timeout') {
    abort.abort();
    return { status: response.statusCode, contentType, body: '', hung: true };
  }
  return { status: response.statusCode, contentType, body, hung: false };
}

export interface EnvelopeCheck {
  ok: boolean;
  why?: string;
}

/**
 * Every /api answer is the envelope {code, data, errorMsg} (DESIGN.md §3), with
 * code 0 and a message on every refusal; only a success of a route that serves a
 * file, an image or a stream is something else.
 */
export function checkEnvelope(answer: Answer, answersJson: boolean): EnvelopeCheck {
  const success = answer.status >= 200 && answer.status < 300;
  if (success && (!answersJson || answer.contentType.startsWith('text/event-stream'))) return { ok: true };
  if (!answer.contentType.includes('application/json')) return { ok: false, why: `content-type ${answer.contentType || 'none'}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return { ok: false, why: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, why: 'not an object' };
  const envelope = parsed as Record<string, unknown>;
  if (!('data' in envelope)) return { ok: false, why: 'no data' };
  if (success) {
    return envelope.code === 1 && envelope.errorMsg === null ? { ok: true } : { ok: false, why: `success with code ${String(envelope.code)}` };
  }
  if (envelope.code !== 0) return { ok: false, why: `refusal with code ${String(envelope.code)}` };
  if (typeof envelope.errorMsg !== 'string' || envelope.errorMsg.length === 0) return { ok: false, why: 'refusal without errorMsg' };
  return { ok: true };
}
