import { PATHS, type TerminalList } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { terminalKeys, type TerminalListParams } from './terminal-keys';

/** GET /api/terminal/list ?status&lineId&padKey&terminalType&categoryId (seed 000 §7). */
export function getTerminals(params: TerminalListParams, signal?: AbortSignal): Promise<TerminalList> {
  return apiGet<TerminalList>(PATHS.terminalList, { ...params }, { signal });
}

export const terminalsQuery = (params: TerminalListParams) =>
  queryOptions({
    queryKey: terminalKeys.list(params),
    queryFn: ({ signal }) => getTerminals(params, signal),
    // Counters and cards stay while a filter's answer loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useTerminals(params: TerminalListParams) {
  return useQuery(terminalsQuery(params));
}
