import { MSG } from '@factory/contracts';
import type { z } from 'zod';
import { ApiError, apiGet, type QueryParams } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';
import { navigateTo } from '../../../lib/navigation';
import { useSession } from '../../../lib/session-store';

/**
 * GET one dashboard call. A failing call shows no pop-up: its panel's figures
 * drop to zero and its charts show 暂无数据, as on the data board (seed 000 §8;
 * network errors are only logged), so the client is asked to stay quiet; an expired session still leaves
 * for /login, once, as every other page does. The answer is checked against its
 * contract: a malformed one counts as a failure instead of breaking the screen.
 */
export async function dashboardGet<Schema extends z.ZodType>(
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

/** Ten calls expire together; only the first still finds its token in the session. */
function expire(token: string | null): void {
  const session = useSession.getState();
  if (!token || session.token !== token) return;
  session.clear();
  feedback().warning(MSG.sessionExpired);
  navigateTo('/login');
}
