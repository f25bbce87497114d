import { FITTING_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type FittingListQuery, partKeys } from './part-keys';

/** Every listed part of the type (pageSize 0: all, seed 002 §9). */
export const getFittings = (query: FittingListQuery, signal?: AbortSignal) =>
  apiCall(FITTING_ENDPOINTS.fittingList, query, { signal });

export const fittingsQuery = (query: FittingListQuery) =>
  queryOptions({
    queryKey: partKeys.list(query),
    queryFn: ({ signal }) => getFittings(query, signal),
    // the grid keeps its cards while another type loads instead of flashing empty
    placeholderData: keepPreviousData,
  });

export function useFittings(query: FittingListQuery) {
  return useQuery(fittingsQuery(query));
}
