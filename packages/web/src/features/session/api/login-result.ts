import { AnswerMismatch, loginResult, MSG, type LoginResult } from '@factory/contracts';
import { ApiError } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';

function mismatch(issues: unknown): ApiError {
  console.error('sign-in answer does not match the contract', issues);
  feedback().error(MSG.serverError);
  return new ApiError('server', MSG.serverError, null);
}

/**
 * The session is built from a sign-in answer, so it is checked against the shared
 * contract in every build (apiCall checks answers in development and tests only): a
 * server that drifted fails here, loudly, as a server failure, rather than later in
 * the menu.
 */
export async function checkedLoginResult(call: Promise<LoginResult>): Promise<LoginResult> {
  let data: unknown;
  try {
    data = await call;
  } catch (error) {
    if (error instanceof AnswerMismatch) throw mismatch(error.issues);
    throw error;
  }
  const parsed = loginResult.safeParse(data);
  if (parsed.success) return parsed.data;
  throw mismatch(parsed.error.issues);
}
