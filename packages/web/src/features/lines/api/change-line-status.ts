import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

export interface LineStatusInput {
  id: number;
  /** 1 启用, 0 停用 */
  status: 0 | 1;
}

/** POST /api/line/changeStatus?id&status: the values go in the query string (seed 000 §7). */
export function changeLineStatus({ id, status }: LineStatusInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.lineChangeStatus, undefined, { query: { id, status } });
}

export function useChangeLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLineStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
