import { SESSION_ENDPOINTS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** Form-encoded {password} (seed 000 §7). */
export const editPassword = (password: string) => apiCall(SESSION_ENDPOINTS.editPassword, { password });

export function useEditPassword() {
  return useMutation({ mutationFn: editPassword });
}
