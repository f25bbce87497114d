import { PATHS, type Task } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { taskKeys, type TaskListParams } from './task-keys';

export interface TaskPage {
  list: Task[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/task/getTasks ?productTypeId&status&productNumberOrProductLineCode&page&pageSize (seed 000 §7). */
export function getTasks(params: TaskListParams, signal?: AbortSignal): Promise<TaskPage> {
  return apiGet<TaskPage>(PATHS.taskList, { ...params }, { signal });
}

export const tasksQuery = (params: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => getTasks(params, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useTasks(params: TaskListParams) {
  return useQuery(tasksQuery(params));
}
