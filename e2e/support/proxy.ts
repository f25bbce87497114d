import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for the tests of several server processes (DESIGN.md §10), as a
 * factory's nginx or HAProxy would stand in front of them: each request goes to the
 * next of its targets in turn; a target that refuses the connection (a process
 * killed) is skipped and the request tried on the next. A request cut off once it
 * has reached a process is answered 502, as nginx does: the station retries it
 * under the same id. Server-sent event streams pass through untouched.
 */
export interface Proxy {
  url: string;
  /** where requests go from now on, in turn */
  setTargets(urls: readonly string[]): void;
  /** requests each target answered, by the target's url */
  readonly answered: Map<string, number>;
  close(): Promise<void>;
}

export async function startProxy(targets: readonly string[]): Promise<Proxy> {
  let current = [...targets];
  let next = 0;
  const answered = new Map<string, number>();

  const forward = (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, tried: number) => {
    if (tried >= current.length) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no server process answers');
      return;
    }
    const target = current[next++ % current.length]!;
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      answered.set(target, (answered.get(target) ?? 0) + 1);
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) return response.destroy();
      // Refused: the request never reached a process, so another may take it.
      if (error.code === 'ECONNREFUSED') return forward(request, response, body, tried + 1);
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`the server process went away: ${error.code ?? error.message}`);
    });
    response.on('close', () => upstream.destroy());
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, Buffer.concat(chunks), 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTargets(urls) {
      current = [...urls];
    },
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
