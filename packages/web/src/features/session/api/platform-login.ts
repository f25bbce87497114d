import { PATHS, type LoginResult } from '@factory/contracts';
import { apiPostForm } from '../../../lib/api-client';
import { parseLoginResult } from './login-result';

/** POST /api/platform/login, form-encoded {code} (seed 000 §7). */
export async function platformLogin(code: string): Promise<LoginResult> {
  const data = await apiPostForm<unknown>(PATHS.platformLogin, { code }, { auth: false });
  return parseLoginResult(data);
}

const pending = new Map<string, Promise<LoginResult>>();

/**
 * A platform code is good for one sign-in, but React's StrictMode runs the page's
 * effect twice in development; sharing the promise per code keeps it to one call.
 */
export function platformLoginOnce(code: string): Promise<LoginResult> {
  let call = pending.get(code);
  if (!call) {
    call = platformLogin(code);
    pending.set(code, call);
  }
  return call;
}
