import { randomUUID } from 'node:crypto';
import {
  type Answer,
  type AnyEndpoint,
  type BodyIn,
  type CallArgs,
  checkedAnswer,
  type Envelope,
  type OutgoingRequest,
  requestOf,
  STATION_ENDPOINTS as STATION,
  type StationLoginResult,
  type StationVerdict,
} from '@factory/contracts';

/**
 * A result as the simulator sends it (DESIGN.md §6): the body of the result call
 * without its clientResultId, which the client makes; the simulator gives times in epoch ms.
 */
export type StationResult = Omit<BodyIn<typeof STATION.stationResult>, 'clientResultId'>;

/** The server's answer to a submission: its verdict, or a refusal (4xx) that retrying cannot change. */
export type SubmitOutcome =
  | { ok: true; verdict: StationVerdict; clientResultId: string; attempts: number }
  | { ok: false; status: number; message: string; clientResultId: string };

/** A refusal of login or assignment: wrong terminal, user or permission. */
export class StationRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'StationRefusal';
    this.status = status;
  }
}

export interface StationClientOptions {
  baseUrl: string;
  /** first wait after a failed attempt, doubled on each further failure up to maxBackoffMs */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** a request taking longer than this counts as a network failure and is retried */
  requestTimeoutMs?: number;
  /** aborting gives up every wait and retry (the pending results stay listed) */
  signal?: AbortSignal;
  onRetry?: (event: { path: string; attempt: number; reason: string }) => void;
}

interface Exchange {
  status: number;
  envelope: Envelope<unknown> | null;
  /** how many times it was sent */
  attempts: number;
}

/** What went wrong with a request, in the words of the socket layer when there are any (ECONNREFUSED …). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * One station (a PAD at a flow) speaking the station API over HTTP. Each result
 * gets a clientResultId once, kept until the server acknowledges it: a network
 * error, a timeout or a 5xx is retried with the SAME id (the server stores it
 * once and answers a repeat with the same verdict), a 4xx never is, and a 401
 * signs in again before resending. `acknowledged` lists every verdict received.
 */
export class StationClient {
  readonly acknowledged = new Map<string, StationVerdict>();
  /** submitted and not yet answered: what a crash of the server leaves in doubt */
  readonly pending = new Map<string, StationResult>();
  identity: StationLoginResult | null = null;
  retries = 0;
  private token: string | null = null;
  private credentials: { terminalCode: string; username: string; password: string } | null = null;
  private readonly baseUrl: string;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly requestTimeoutMs: number;
  private readonly signal: AbortSignal | undefined;
  private readonly onRetry: StationClientOptions['onRetry'];

  constructor(options: StationClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.backoffMs = options.backoffMs ?? 200;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
    this.signal = options.signal;
    this.onRetry = options.onRetry;
  }

  get terminalCode(): string {
    return this.credentials?.terminalCode ?? '';
  }

  /** One HTTP exchange; null envelope when the body was not the API's envelope (a proxy's page, a cut connection). */
  private async send(outgoing: OutgoingRequest, token = this.token): Promise<Exchange> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    // Every station call with a body sends JSON (requestOf: a POST without a body schema sends `{}`).
    const body = outgoing.body?.encoding === 'json' ? JSON.stringify(outgoing.body.value) : undefined;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    const response = await fetch(this.baseUrl + outgoing.url, {
      method: outgoing.method,
      headers,
      body,
      signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout,
    });
    const text = await response.text();
    try {
      return { status: response.status, envelope: JSON.parse(text) as Envelope<unknown>, attempts: 1 };
    } catch {
      return { status: response.status, envelope: null, attempts: 1 };
    }
  }

  /**
   * Sends until the server answers with something other than a network failure
   * or a 5xx. Answers that status and envelope; throws only when aborted.
   */
  private async sendUntilAnswered(outgoing: OutgoingRequest, token?: string | null): Promise<Exchange> {
    let wait = this.backoffMs;
    for (let attempt = 1; ; attempt++) {
      let reason: string;
      try {
        const answer = await this.send(outgoing, token === undefined ? this.token : token);
        if (answer.status < 500 && answer.envelope) return { ...answer, attempts: attempt };
        reason = `HTTP ${answer.status}`;
      } catch (error) {
        if (this.signal?.aborted) throw this.signal.reason;
        reason = reasonOf(error);
      }
      this.retries += 1;
      this.onRetry?.({ path: outgoing.url, attempt, reason });
      await sleep(wait * (0.8 + 0.4 * Math.random()), this.signal);
      wait = Math.min(this.maxBackoffMs, wait * 2);
    }
  }

  /** Signs the terminal in with a user holding the PAD APP menu; throws StationRefusal when refused. */
  async login(terminalCode: string, username: string, password: string): Promise<StationLoginResult> {
    this.credentials = { terminalCode, username, password };
    const answer = await this.sendUntilAnswered(requestOf(STATION.stationLogin, { terminalCode, username, password }), null);
    if (answer.envelope?.code !== 1) throw new StationRefusal(answer.status, answer.envelope?.errorMsg ?? `HTTP ${answer.status}`);
    // Checked against the contract (once per sign-in): a server that drifts from it fails here first.
    this.identity = checkedAnswer(STATION.stationLogin, answer.envelope.data);
    this.token = this.identity.token;
    return this.identity;
  }

  private async relogin(): Promise<void> {
    if (!this.credentials) throw new StationRefusal(401, 'station not signed in');
    const { terminalCode, username, password } = this.credentials;
    await this.login(terminalCode, username, password);
  }

  /**
   * A call of the station API that signs in again once when the session is gone
   * (401), then answers the envelope's data, checked against the endpoint's contract.
   * A network error, a timeout or a 5xx is resent as it was (the same body, so the
   * same clientId of a PDA's scan) until answered; a refusal throws StationRefusal.
   */
  protected async call<E extends AnyEndpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Answer<E>> {
    const outgoing = requestOf(endpoint, input);
    let answer = await this.sendUntilAnswered(outgoing);
    if (answer.status === 401) {
      await this.relogin();
      answer = await this.sendUntilAnswered(outgoing);
    }
    if (answer.envelope?.code !== 1) throw new StationRefusal(answer.status, answer.envelope?.errorMsg ?? `HTTP ${answer.status}`);
    return checkedAnswer(endpoint, answer.envelope.data);
  }

  /** What this terminal works on; null when it is on no task. */
  assignment(): Promise<Answer<typeof STATION.stationAssignment>> {
    return this.call(STATION.stationAssignment);
  }

  /**
   * Submits one result under a new clientResultId (or the one given, to resend a
   * result from an earlier run) and waits for the server's verdict or refusal.
   * The verdict is typed by the contract but not checked against it: this is the
   * load tests' hot path, and the server's own response schema shapes it already.
   */
  async submit(result: StationResult, clientResultId: string = randomUUID()): Promise<SubmitOutcome> {
    const outgoing = requestOf(STATION.stationResult, { clientResultId, ...result });
    this.pending.set(clientResultId, result);
    let answer = await this.sendUntilAnswered(outgoing);
    let attempts = answer.attempts;
    // An expired or revoked station session stored nothing: sign in again and resend the same id.
    if (answer.status === 401) {
      await this.relogin();
      answer = await this.sendUntilAnswered(outgoing);
      attempts += answer.attempts;
    }
    this.pending.delete(clientResultId);
    if (answer.envelope?.code === 1) {
      const verdict = answer.envelope.data as StationVerdict;
      this.acknowledged.set(clientResultId, verdict);
      return { ok: true, verdict, clientResultId, attempts };
    }
    return { ok: false, status: answer.status, message: answer.envelope?.errorMsg ?? `HTTP ${answer.status}`, clientResultId };
  }

  /** Ends the station session (never fails: a server that is gone has nothing to end). */
  async logout(): Promise<void> {
    if (!this.token) return;
    try {
      await this.send(requestOf(STATION.stationLogout, undefined));
    } catch {
      // nothing to undo
    }
    this.token = null;
  }
}
