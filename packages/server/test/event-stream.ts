import http from 'node:http';

/**
 * An open server-sent event stream over a real socket: its status once answered, the
 * `result` events received so far, and a way to wait for more. Headers are for a
 * bearer-authenticated stream; a browser's stream carries a ticket in the url instead.
 */
export function openEventStream(url: string, headers: Record<string, string> = {}) {
  let received = '';
  const request = http.get(url, { headers });
  const opened = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  const events = () => received.split('\n\n').filter((block) => block.startsWith('event: result'));
  /** Waits until `count` events arrived or `withinMs` passed; answers how many arrived. */
  async function waitFor(count: number, withinMs: number): Promise<number> {
    const deadline = Date.now() + withinMs;
    while (events().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return events().length;
  }
  return {
    opened,
    events,
    waitFor,
    /** Whether an event past the first `after` arrived within `withinMs`. */
    nextEvent: async (after: number, withinMs: number) => (await waitFor(after + 1, withinMs)) > after,
    close: () => request.destroy(),
  };
}
