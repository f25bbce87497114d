import { type CallInput, DTU_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { partKeys } from './part-keys';

const ADD = DTU_ENDPOINTS.dtuAdd;

/** JSON with the URLs of the files uploaded first; answers the new DTU's id. */
export const addDtu = (body: CallInput<typeof ADD>) => apiCall(ADD, body);

export function useAddDtu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDtu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
