// Test helpers shared by the big screens' tests (数据中心 and 数据看板).
import type { LoginResult, StreamTicket } from '@factory/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSession } from '../lib/session-store';
import type { SeenRequest } from './fetch-stand-in';

export const pathOf = (request: SeenRequest) => new URL(request.url, 'http://console').pathname;
export const queryOf = (request: SeenRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '/', 'http://console').searchParams);
/** The recorded requests to one path. */
export const calls = (seen: SeenRequest[], path: string) => seen.filter((request) => pathOf(request) === path);

let ticketsIssued = 0;
/** The answer of a stream's ticket call: ticket-1, ticket-2 … in the order asked (counted per test). */
export function nextTicket(): StreamTicket {
  ticketsIssued += 1;
  return { ticket: `ticket-${ticketsIssued}`, expiresIn: 60 };
}

/**
 * Each test of a big screen starts signed in with `session` and with EventSourceStandIn
 * as the browser's EventSource (no stream opened yet); stand-ins, timers and spies are
 * put back after it.
 */
export function setUpBigScreenTests(session: () => LoginResult): void {
  beforeEach(() => {
    useSession.getState().signIn(session());
    ticketsIssued = 0;
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
