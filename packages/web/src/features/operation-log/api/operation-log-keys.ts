import type { OperationLogFilters } from './get-operation-logs';

/** Query keys of the operation log page. */
export const operationLogKeys = {
  all: ['operationLog'] as const,
  lists: () => [...operationLogKeys.all, 'list'] as const,
  list: (filters: OperationLogFilters) => [...operationLogKeys.lists(), filters] as const,
  modules: () => [...operationLogKeys.all, 'modules'] as const,
};
