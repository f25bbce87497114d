import { type BodyOut, FLOW_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** `middle` and its new neighbours: `left` null at the start, `right` null at the end. */
export type FlowInsert = Pick<BodyOut<typeof FLOW_ENDPOINTS.flowInsertPosition>, 'middle'> & Record<'left' | 'right', number | null>;

/** POST /api/flow/insertPosition (form) {left, middle, right}: `middle` moves between the two. */
export const insertFlow = ({ left, middle, right }: FlowInsert) =>
  apiCall(FLOW_ENDPOINTS.flowInsertPosition, { left: left ?? '', middle, right: right ?? '' });

export function useInsertFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertFlow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
  });
}
