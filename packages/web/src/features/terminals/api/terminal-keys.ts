import type { TerminalType } from '@factory/contracts';

export interface TerminalListParams {
  terminalType: TerminalType;
  /** 0 unused, 1 used (PDA), 2 overall check, 3 parts check, 4 idle */
  status?: number;
  lineId?: number;
  /** terminal name or code */
  padKey?: string;
  categoryId?: number;
}

/** Query keys of the terminal pages; mutations invalidate `all`. */
export const terminalKeys = {
  all: ['terminals'] as const,
  lists: () => [...terminalKeys.all, 'list'] as const,
  list: (params: TerminalListParams) => [...terminalKeys.lists(), params] as const,
  categories: (terminalType: TerminalType) => [...terminalKeys.all, 'categories', terminalType] as const,
  lineOptions: () => [...terminalKeys.all, 'line-options'] as const,
};
