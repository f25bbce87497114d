import type { COMMUNICATION_ENDPOINTS, QueryIn } from '@factory/contracts';

/** The queries of the module list and of a module's DTU list, as the contract defines them. */
export type CommunicationListQuery = QueryIn<typeof COMMUNICATION_ENDPOINTS.communicationList>;
export type ModuleDtuListQuery = QueryIn<typeof COMMUNICATION_ENDPOINTS.communicationDtuList>;

/** Query keys of the module pages; mutations invalidate `all`, so the grid, a module's header and its DTUs refetch. */
export const communicationKeys = {
  all: ['communication'] as const,
  types: () => [...communicationKeys.all, 'types'] as const,
  lists: () => [...communicationKeys.all, 'list'] as const,
  list: (query: CommunicationListQuery) => [...communicationKeys.lists(), query] as const,
  detail: (id: number) => [...communicationKeys.all, 'detail', id] as const,
  dtus: (query: ModuleDtuListQuery) => [...communicationKeys.all, 'dtus', query] as const,
};
