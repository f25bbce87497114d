import { PATHS, type LoginBody, type LoginResult } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import { parseLoginResult } from './login-result';

/** POST /api/user/login, form-encoded (seed 000 §7). No token is sent: this call starts a session. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const data = await apiPostForm<unknown>(
    PATHS.login,
    { username: body.username, password: body.password, code: body.code ?? '', codeId: body.codeId ?? '' },
    { auth: false },
  );
  return parseLoginResult(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
