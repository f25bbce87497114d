import { LINE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

/** Every factory of the account with its lines (pageSize 0: all). */
export async function getFactories(signal?: AbortSignal) {
  const page = await apiCall(LINE_ENDPOINTS.factoryList, { page: 1, pageSize: 0 }, { signal });
  return page.list;
}

export const factoriesQuery = () =>
  queryOptions({ queryKey: lineKeys.factories(), queryFn: ({ signal }) => getFactories(signal) });

export function useFactories() {
  return useQuery(factoriesQuery());
}
