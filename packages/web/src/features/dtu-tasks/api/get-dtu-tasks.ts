import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys, type DtuTaskListQuery } from './dtu-task-keys';

/** ?dtuId&reworkTask&status&productLineId&aimProductLineId&fittingType&page&pageSize (seed 002 §7). */
export const getDtuTasks = (query: DtuTaskListQuery, signal?: AbortSignal) =>
  apiCall(DTU_TASK_ENDPOINTS.dtuTaskList, query, { signal });

export const dtuTasksQuery = (query: DtuTaskListQuery) =>
  queryOptions({
    queryKey: dtuTaskKeys.list(query),
    queryFn: ({ signal }) => getDtuTasks(query, signal),
    // the table keeps its rows while the next page loads instead of flashing empty
    placeholderData: keepPreviousData,
  });

export function useDtuTasks(query: DtuTaskListQuery) {
  return useQuery(dtuTasksQuery(query));
}
