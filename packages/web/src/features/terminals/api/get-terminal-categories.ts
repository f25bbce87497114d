import { TERMINAL_ENDPOINTS, type TerminalType } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

/** The models of a type, as a list in the server's order (it answers { [id]: name }, seed 000 §3). */
export async function getTerminalCategories(terminalType: TerminalType, signal?: AbortSignal) {
  const byId = await apiCall(TERMINAL_ENDPOINTS.terminalCategory, { terminalType }, { signal });
  return Object.entries(byId).map(([id, name]) => ({ id: Number(id), name }));
}

export const terminalCategoriesQuery = (terminalType: TerminalType) =>
  queryOptions({
    queryKey: terminalKeys.categories(terminalType),
    queryFn: ({ signal }) => getTerminalCategories(terminalType, signal),
    // The models are fixed at start-up; one load per visit is plenty.
    staleTime: 5 * 60_000,
  });

export function useTerminalCategories(terminalType: TerminalType, enabled = true) {
  return useQuery({ ...terminalCategoriesQuery(terminalType), enabled });
}
