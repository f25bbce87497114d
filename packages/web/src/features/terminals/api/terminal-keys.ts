import type { QueryIn, TERMINAL_ENDPOINTS, TerminalType } from '@factory/contracts';

/** The query of the terminal list, as the contract defines it (seed 000 §7). */
export type TerminalListQuery = QueryIn<typeof TERMINAL_ENDPOINTS.terminalList>;

/** Query keys of the terminal pages; mutations invalidate `all`. */
export const terminalKeys = {
  all: ['terminals'] as const,
  lists: () => [...terminalKeys.all, 'list'] as const,
  list: (query: TerminalListQuery) => [...terminalKeys.lists(), query] as const,
  categories: (terminalType: TerminalType) => [...terminalKeys.all, 'categories', terminalType] as const,
  lineOptions: () => [...terminalKeys.all, 'line-options'] as const,
};
