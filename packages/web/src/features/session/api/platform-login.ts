import { type LoginResult, SESSION_ENDPOINTS } from '@factory/contracts';
import { apiCall } from '../../../lib/api-client';
import { checkedLoginResult } from './login-result';

/** Form-encoded {code} (seed 000 §7). */
export const platformLogin = (code: string) =>
  checkedLoginResult(apiCall(SESSION_ENDPOINTS.platformLogin, { code }, { auth: false }));

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
