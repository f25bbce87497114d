// Test helpers shared by the big screens' tests (数据中心 and 数据看板).
import type { LiveStream, LoginResult, StreamTicket } from '@factory/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSession } from '../lib/session-store';
import { answer, type FakeRoute, rawAnswer } from './fake-server';

/**
 * The fake server's answer to a stream's ticket call: ticket-1, ticket-2 … in the order asked, counted by this
 * route (a test installs its own), not by the module: the console's test files share their worker's modules.
 */
export function ticketsOf(stream: LiveStream): FakeRoute {
  let issued = 0;
  return answer(stream.ticket, (): StreamTicket => {
    issued += 1;
    return { ticket: `ticket-${issued}`, expiresIn: 60 };
  });
}

/** What a proxy answers for a server that is down: a 502 page, no envelope. */
export const badGateway = () => rawAnswer({ status: 500, body: '<html>502 Bad Gateway</html>' });

/**
 * Each test of a big screen starts signed in with `session` and with EventSourceStandIn
 * as the browser's EventSource (no stream opened yet); stand-ins, timers and spies are
 * put back after it.
 */
export function setUpBigScreenTests(session: () => LoginResult): void {
  beforeEach(() => {
    useSession.getState().signIn(session());
    EventSourceStandIn.opened = [];
    vi.stubGlobal('EventSource', EventSourceStandIn);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Stands in for the browser's EventSource: records each stream and lets a test send it events. */
export class EventSourceStandIn {
  static opened: EventSourceStandIn[] = [];
  readonly listeners = new Map<string, Set<() => void>>();
  closed = false;
  constructor(readonly url: string) {
    EventSourceStandIn.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  send(type: string) {
    this.listeners.get(type)?.forEach((listener) => listener());
  }
}
