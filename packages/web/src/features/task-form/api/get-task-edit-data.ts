import { TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/** ?taskId: the task as both steps edit it, flows with their terminals. */
export const getTaskEditData = (taskId: number, signal?: AbortSignal) =>
  apiCall(TASK_ENDPOINTS.taskEditData, { taskId }, { signal });

export const taskEditDataQuery = (taskId: number) =>
  queryOptions({ queryKey: taskFormKeys.editData(taskId), queryFn: ({ signal }) => getTaskEditData(taskId, signal) });

/** null: a new task, nothing to load. */
export function useTaskEditData(taskId: number | null) {
  return useQuery({ ...taskEditDataQuery(taskId ?? 0), enabled: taskId !== null });
}
