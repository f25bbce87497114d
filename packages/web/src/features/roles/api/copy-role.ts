import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** POST /api/role/copy (JSON) {id}: a stopped copy of the role with the same permissions. */
export function copyRole(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.roleCopy, { id });
}

export function useCopyRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
