import { FITTING_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type FittingInput, fittingFormData } from './fitting-form-data';
import { partKeys } from './part-keys';

/** Answers the new part's id. */
export const addFitting = (input: FittingInput) => apiCall(FITTING_ENDPOINTS.fittingAdd, fittingFormData(input));

export function useAddFitting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFitting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
