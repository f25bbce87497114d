import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import { setupKeys } from './setup-keys';

export interface FlowInsert {
  /** the flow that ends up before `middle`; null at the start */
  left: number | null;
  middle: number;
  /** the flow that ends up after `middle`; null at the end */
  right: number | null;
}

/** POST /api/flow/insertPosition (form) {left, middle, right}: `middle` moves between the two. */
export function insertFlow({ left, middle, right }: FlowInsert): Promise<unknown> {
  return apiPostForm<unknown>(PATHS.flowInsertPosition, { left: left ?? '', middle, right: right ?? '' });
}

export function useInsertFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertFlow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
  });
}
