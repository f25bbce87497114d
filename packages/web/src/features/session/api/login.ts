import { type CallInput, SESSION_ENDPOINTS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { checkedLoginResult } from './login-result';

const LOGIN = SESSION_ENDPOINTS.login;

/** Form-encoded (seed 000 §7). No token is sent: this call starts a session. */
export const login = (body: CallInput<typeof LOGIN>) =>
  checkedLoginResult(apiCall(LOGIN, { ...body, code: body.code ?? '', codeId: body.codeId ?? '' }, { auth: false }));

export function useLogin() {
  return useMutation({ mutationFn: login });
}
