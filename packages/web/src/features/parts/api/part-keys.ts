import type { DTU_ENDPOINTS, FITTING_ENDPOINTS, QueryIn } from '@factory/contracts';

/** The query of the part list, as the contract defines it. */
export type FittingListQuery = QueryIn<typeof FITTING_ENDPOINTS.fittingList>;
/** The query of a part's DTU list. */
export type DtuListQuery = QueryIn<typeof DTU_ENDPOINTS.dtuList>;

/**
 * Query keys of the parts pages. A part's list shows how many DTUs it has, so every
 * change (part or DTU) invalidates `all`.
 */
export const partKeys = {
  all: ['parts'] as const,
  lists: () => [...partKeys.all, 'list'] as const,
  list: (query: FittingListQuery) => [...partKeys.lists(), query] as const,
  detail: (id: number) => [...partKeys.all, 'detail', id] as const,
  dtus: () => [...partKeys.all, 'dtus'] as const,
  dtuList: (query: DtuListQuery) => [...partKeys.dtus(), 'list', query] as const,
  communicationTypes: () => [...partKeys.all, 'communicationTypes'] as const,
};
