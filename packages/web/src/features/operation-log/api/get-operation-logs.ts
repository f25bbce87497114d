import { PATHS, type OperationLogRow } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Paging } from '../../../lib/paging';
import { operationLogKeys } from './operation-log-keys';

export interface OperationLogFilters extends Paging {
  /** operator name, matched as "contains" */
  userName?: string;
  /** module key (LOG_MODULES) */
  module?: string;
  /** `YYYY-MM-DD`, inclusive */
  fromTime?: string;
  /** `YYYY-MM-DD`, exclusive: the day after the chosen end date (seed 000 §9) */
  toTime?: string;
}

export interface OperationLogPage {
  list: OperationLogRow[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/operationLog/list, newest first, paged. */
export function getOperationLogs(filters: OperationLogFilters, signal?: AbortSignal): Promise<OperationLogPage> {
  return apiGet<OperationLogPage>(PATHS.operationLogList, { ...filters }, { signal });
}

export function operationLogsQueryOptions(filters: OperationLogFilters) {
  return queryOptions({
    queryKey: operationLogKeys.list(filters),
    queryFn: ({ signal }) => getOperationLogs(filters, signal),
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOperationLogs(filters: OperationLogFilters) {
  return useQuery(operationLogsQueryOptions(filters));
}
