import { FITTING_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type FittingInput, fittingFormData } from './fitting-form-data';
import { partKeys } from './part-keys';

/** Without a new image the part keeps its current one. */
export const editFitting = ({ id, ...input }: FittingInput & { id: number }) =>
  apiCall(FITTING_ENDPOINTS.fittingEdit, fittingFormData(input, id));

export function useEditFitting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFitting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
