import { TASK_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys, type TaskListQuery } from './task-keys';

/** ?productTypeId&status&productNumberOrProductLineCode&page&pageSize (seed 000 §7). */
export const getTasks = (query: TaskListQuery, signal?: AbortSignal) => apiCall(TASK_ENDPOINTS.taskList, query, { signal });

export const tasksQuery = (query: TaskListQuery) =>
  queryOptions({
    queryKey: taskKeys.list(query),
    queryFn: ({ signal }) => getTasks(query, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useTasks(query: TaskListQuery) {
  return useQuery(tasksQuery(query));
}
