import type { OPERATION_LOG_ENDPOINTS, QueryIn } from '@factory/contracts';

/** The query of the operation log list, as the contract defines it. */
export type OperationLogListQuery = QueryIn<typeof OPERATION_LOG_ENDPOINTS.operationLogList>;

/** Query keys of the operation log page. */
export const operationLogKeys = {
  all: ['operationLog'] as const,
  lists: () => [...operationLogKeys.all, 'list'] as const,
  list: (query: OperationLogListQuery) => [...operationLogKeys.lists(), query] as const,
  modules: () => [...operationLogKeys.all, 'modules'] as const,
};
