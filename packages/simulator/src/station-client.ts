import { randomUUID } from 'node:crypto';
import {
  type Envelope,
  PATHS,
  type StationAssignment,
  type StationLoginResult,
  type StationResultBody,
  type StationVerdict,
} from '@factory/contracts';

/** A result as the simulator sends it (DESIGN.md §6); times in epoch ms. */
export interface StationResult {
  productionCode: string;
  sn?: string | null;
  mac?: string | null;
  imei?: string | null;
  startTime: number;
  endTime: number;
  autoValues: { itemId: number; value: string | number | boolean }[];
  manualResults: { itemId: number; pass: boolean }[];
}

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

interface Answer<T> {
  status: number;
  envelope: Envelope<T> | null;
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
  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown, token = this.token): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout,
    });
    const text = await response.text();
    try {
      return { status: response.status, envelope: JSON.parse(text) as Envelope<T>, attempts: 1 };
    } catch {
      return { status: response.status, envelope: null, attempts: 1 };
    }
  }

  /**
   * Sends until the server answers with something other than a network failure
   * or a 5xx. Answers that status and envelope; throws only when aborted.
   */
  private async sendUntilAnswered<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string | null): Promise<Answer<T>> {
    let wait = this.backoffMs;
    for (let attempt = 1; ; attempt++) {
      let reason: string;
      try {
        const answer = await this.send<T>(method, path, body, token === undefined ? this.token : token);
        if (answer.status < 500 && answer.envelope) return { ...answer, attempts: attempt };
        reason = `HTTP ${answer.status}`;
      } catch (error) {
        if (this.signal?.aborted) throw this.signal.reason;
        reason = reasonOf(error);
      }
      this.retries += 1;
      this.onRetry?.({ path, attempt, reason });
      await sleep(wait * (0.8 + 0.4 * Math.random()), this.signal);
      wait = Math.min(this.maxBackoffMs, wait * 2);
    }
  }

  /** Signs the terminal in with a user holding the PAD APP menu; throws StationRefusal when refused. */
  async login(terminalCode: string, username: string, password: string): Promise<StationLoginResult> {
    this.credentials = { terminalCode, username, password };
    const answer = await this.sendUntilAnswered<StationLoginResult>('POST', PATHS.stationLogin, { terminalCode, username, password }, null);
    if (answer.envelope?.code !== 1) throw new StationRefusal(answer.status, answer.envelope?.errorMsg ?? `HTTP ${answer.status}`);
    this.identity = answer.envelope.data;
    this.token = answer.envelope.data.token;
    return this.identity;
  }

  private async relogin(): Promise<void> {
    if (!this.credentials) throw new StationRefusal(401, 'station not signed in');
    const { terminalCode, username, password } = this.credentials;
    await this.login(terminalCode, username, password);
  }

  /** A call that signs in again once when the session is gone (401), then answers the envelope's data. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let answer = await this.sendUntilAnswered<T>(method, path, body);
    if (answer.status === 401) {
      await this.relogin();
      answer = await this.sendUntilAnswered<T>(method, path, body);
    }
    if (answer.envelope?.code !== 1) throw new StationRefusal(answer.status, answer.envelope?.errorMsg ?? `HTTP ${answer.status}`);
    return answer.envelope.data;
  }

  /** What this terminal works on; null when it is on no task. */
  assignment(): Promise<StationAssignment> {
    return this.call<StationAssignment>('GET', PATHS.stationAssignment);
  }

  /**
   * Submits one result under a new clientResultId (or the one given, to resend a
   * result from an earlier run) and waits for the server's verdict or refusal.
   */
  async submit(result: StationResult, clientResultId: string = randomUUID()): Promise<SubmitOutcome> {
    const body: StationResultBody = { clientResultId, ...result };
    this.pending.set(clientResultId, result);
    let answer = await this.sendUntilAnswered<StationVerdict>('POST', PATHS.stationResult, body);
    let attempts = answer.attempts;
    // An expired or revoked station session stored nothing: sign in again and resend the same id.
    if (answer.status === 401) {
      await this.relogin();
      answer = await this.sendUntilAnswered<StationVerdict>('POST', PATHS.stationResult, body);
      attempts += answer.attempts;
    }
    this.pending.delete(clientResultId);
    if (answer.envelope?.code === 1) {
      this.acknowledged.set(clientResultId, answer.envelope.data);
      return { ok: true, verdict: answer.envelope.data, clientResultId, attempts };
    }
    return { ok: false, status: answer.status, message: answer.envelope?.errorMsg ?? `HTTP ${answer.status}`, clientResultId };
  }

  /** Ends the station session (never fails: a server that is gone has nothing to end). */
  async logout(): Promise<void> {
    if (!this.token) return;
    try {
      await this.send('POST', PATHS.stationLogout, {});
    } catch {
      // nothing to undo
    }
    this.token = null;
  }
}
