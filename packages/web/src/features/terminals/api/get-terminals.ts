import { TERMINAL_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { terminalKeys, type TerminalListQuery } from './terminal-keys';

/** ?status&lineId&padKey&terminalType&categoryId (seed 000 §7). */
export const getTerminals = (query: TerminalListQuery, signal?: AbortSignal) =>
  apiCall(TERMINAL_ENDPOINTS.terminalList, query, { signal });

export const terminalsQuery = (query: TerminalListQuery) =>
  queryOptions({
    queryKey: terminalKeys.list(query),
    queryFn: ({ signal }) => getTerminals(query, signal),
    // Counters and cards stay while a filter's answer loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useTerminals(query: TerminalListQuery) {
  return useQuery(terminalsQuery(query));
}
