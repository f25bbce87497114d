import { FITTING_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { partKeys } from './part-keys';

export const getFitting = (id: number, signal?: AbortSignal) => apiCall(FITTING_ENDPOINTS.fittingDetail, { id }, { signal });

export const fittingQuery = (id: number) =>
  queryOptions({ queryKey: partKeys.detail(id), queryFn: ({ signal }) => getFitting(id, signal) });

export function useFitting(id: number) {
  return useQuery(fittingQuery(id));
}
