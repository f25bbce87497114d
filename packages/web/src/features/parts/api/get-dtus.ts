import { DTU_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type DtuListQuery, partKeys } from './part-keys';

/** The enabled DTUs of a part, all of them (pageSize 0, seed 002 §9). */
export const getDtus = (query: DtuListQuery, signal?: AbortSignal) => apiCall(DTU_ENDPOINTS.dtuList, query, { signal });

export const dtusQuery = (query: DtuListQuery) =>
  queryOptions({
    queryKey: partKeys.dtuList(query),
    queryFn: ({ signal }) => getDtus(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDtus(query: DtuListQuery) {
  return useQuery(dtusQuery(query));
}
