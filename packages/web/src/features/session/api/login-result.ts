import { loginResult, MSG, type LoginResult } from '@factory/contracts';
import { ApiError } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';

/**
 * The session is built from a sign-in answer, so it is checked against the shared
 * contract: a server that drifted fails here, loudly, rather than later in the menu.
 */
export function parseLoginResult(data: unknown): LoginResult {
  const parsed = loginResult.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error('sign-in answer does not match the contract', parsed.error.issues);
  feedback().error(MSG.serverError);
  throw new ApiError('server', MSG.serverError, null);
}
