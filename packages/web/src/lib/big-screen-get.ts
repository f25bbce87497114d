import { MSG } from '@factory/contracts';
import type { z } from 'zod';
import { ApiError, apiGet, type QueryParams } from './api-client';
import { feedback } from './feedback';
import { navigateTo } from './navigation';
import { useSession } from './session-store';

/**
 * GET one call of a big screen (the data center, the data board). A failing call
 * shows no pop-up (seed 000 §8: its figures drop to zero and its charts show
 * 暂无数据, network errors are only logged), so the client is asked to stay quiet;
 * an expired session still leaves for /login, once, as every other page does. The
 * answer is checked against its contract: a malformed one counts as a failure
 * instead of breaking the screen.
 */
export async function bigScreenGet<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<z.output<Schema>> {
  const token = useSession.getState().token;
  try {
    const answer = schema.safeParse(await apiGet<unknown>(path, query, { signal, quiet: true }));
    if (answer.success) return answer.data;
    const issue = answer.error.issues[0];
    throw new Error(`the answer does not match its contract at ${issue?.path.join('.') || 'its root'}: ${issue?.message}`);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'session') expire(token);
    else if (!signal?.aborted) console.warn(`${path} failed:`, error instanceof Error ? error.message : error);
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
