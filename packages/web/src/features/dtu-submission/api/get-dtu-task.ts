import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/** GET /api/dtuTask/detail?taskId: the task with its DTU, for the pages' header (seed 002 §7 task_detail). */
export const getDtuTask = (taskId: number, signal?: AbortSignal) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId }, { signal });

export const dtuTaskQuery = (taskId: number) =>
  queryOptions({ queryKey: dtuSubmissionKeys.taskDetail(taskId), queryFn: ({ signal }) => getDtuTask(taskId, signal) });

/** The task, or nothing while no task is named (an address that lost it). */
export function useDtuTask(taskId: number | null) {
  return useQuery({ ...dtuTaskQuery(taskId ?? 0), enabled: taskId !== null });
}
