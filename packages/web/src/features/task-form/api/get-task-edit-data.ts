import { PATHS, type TaskEditData } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/** GET /api/task/getTaskDetail4Edit?taskId: the task as both steps edit it, flows with their terminals. */
export function getTaskEditData(taskId: number, signal?: AbortSignal): Promise<TaskEditData> {
  return apiGet<TaskEditData>(PATHS.taskEditData, { taskId }, { signal });
}

export const taskEditDataQuery = (taskId: number) =>
  queryOptions({ queryKey: taskFormKeys.editData(taskId), queryFn: ({ signal }) => getTaskEditData(taskId, signal) });

/** null: a new task, nothing to load. */
export function useTaskEditData(taskId: number | null) {
  return useQuery({ ...taskEditDataQuery(taskId ?? 0), enabled: taskId !== null });
}
