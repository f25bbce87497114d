/**
 * The raw bodies the client handed to fetch, in order. The shared stand-in
 * (fetch-stand-in.ts) records string bodies only; a multipart upload's FormData
 * is read here. Call it after installFetch: it wraps the stand-in, which the
 * stand-in's own afterEach restores.
 */
export function recordBodies(): Array<BodyInit | null | undefined> {
  const bodies: Array<BodyInit | null | undefined> = [];
  const standIn = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(init?.body);
    return standIn(input, init);
  };
  return bodies;
}
