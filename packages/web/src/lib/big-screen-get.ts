import { type AnyEndpoint, type Answer, type CallArgs, MSG } from '@factory/contracts';
import { ApiError, apiCall, type RequestOptions } from './api-client';
import { feedback } from './feedback';
import { navigateTo } from './navigation';
import { useSession } from './session-store';

/**
 * Calls one endpoint of a big screen (the data center, the data board). A failing
 * call shows no pop-up (seed 000 §8: its figures drop to zero and its charts show
 * 暂无数据, network errors are only logged), so the client is asked to stay quiet;
 * an expired session still leaves for /login, once, as every other page does. The
 * answer is checked against its contract by apiCall (AnswerMismatch): a malformed
 * one counts as a failure, logged like the others, instead of breaking the screen.
 */
export async function bigScreenGet<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, signal]: CallArgs<E, [signal?: AbortSignal]>
): Promise<Answer<E>> {
  const token = useSession.getState().token;
  try {
    const args = [input, { signal, quiet: true }] as CallArgs<E, [options?: RequestOptions]>;
    return await apiCall(endpoint, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'session') expire(token);
    else if (!signal?.aborted) console.warn(`${endpoint.path} failed:`, error instanceof Error ? error.message : error);
    throw error;
  }
}

/** A screen's calls expire together; only the first still finds its token in the session. */
function expire(token: string | null): void {
  const session = useSession.getState();
  if (!token || session.token !== token) return;
  session.clear();
  feedback().warning(MSG.sessionExpired);
  navigateTo('/login');
}
