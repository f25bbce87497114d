import { PATHS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';

/** POST /api/user/editPassword, form-encoded {password} (seed 000 §7). */
export function editPassword(password: string): Promise<unknown> {
  return apiPostForm<unknown>(PATHS.editPassword, { password });
}

export function useEditPassword() {
  return useMutation({ mutationFn: editPassword });
}
