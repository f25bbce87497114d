import type { LINE_ENDPOINTS, QueryIn } from '@factory/contracts';

/** The query of the line list, as the contract defines it. */
export type LineListQuery = QueryIn<typeof LINE_ENDPOINTS.lineList>;

/** Query keys of the line pages; mutations invalidate `all` so every list of lines refetches. */
export const lineKeys = {
  all: ['lines'] as const,
  lists: () => [...lineKeys.all, 'list'] as const,
  list: (query: LineListQuery) => [...lineKeys.lists(), query] as const,
  factories: () => [...lineKeys.all, 'factories'] as const,
};
