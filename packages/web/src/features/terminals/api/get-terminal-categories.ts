import { PATHS, type TerminalType } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

export interface TerminalCategory {
  id: number;
  name: string;
}

/** GET /api/terminal/category?terminalType → { [id]: name } (seed 000 §3), as a list in the server's order. */
export async function getTerminalCategories(terminalType: TerminalType, signal?: AbortSignal): Promise<TerminalCategory[]> {
  const byId = await apiGet<Record<string, string>>(PATHS.terminalCategory, { terminalType }, { signal });
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
