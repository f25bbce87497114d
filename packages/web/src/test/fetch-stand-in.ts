import { afterEach } from 'vitest';

/** One request as the server would see it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export interface StandInAnswer {
  status?: number;
  /** an object is sent as JSON; a string as is (e.g. an HTML error page) */
  body?: unknown;
}

type Responder = (request: SeenRequest) => StandInAnswer | Promise<StandInAnswer>;

export const envelope = (data: unknown) => ({ code: 1, data, errorMsg: null });
export const failure = (errorMsg: string) => ({ code: 0, data: null, errorMsg });

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/**
 * Puts a server stand-in behind globalThis.fetch: the client under test runs
 * unchanged and every request it makes is recorded. Restored after each test.
 */
export function installFetch(respond: Responder): SeenRequest[] {
  const seen: SeenRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SeenRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    seen.push(request);
    const answer = await respond(request);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
    // Only what the client reads; a plain object also allows the legacy status 999
    // that the Response constructor refuses.
    return { status: answer.status ?? 200, text: async () => text } as Response;
  };
  return seen;
}

/** A server that never answers, until the request is aborted. */
export function hangingAnswer(request: SeenRequest): Promise<StandInAnswer> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

/** The fields of a form-encoded body. */
export function formFields(request: SeenRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body ?? ''));
}
