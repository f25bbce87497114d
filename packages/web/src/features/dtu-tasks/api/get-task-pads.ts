import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** The PADs of a line, each with the task it serves when not this one (?lineId[&taskId]). */
export const getTaskPads = (lineId: number, taskId: number | undefined, signal?: AbortSignal) =>
  apiCall(DTU_TASK_ENDPOINTS.dtuTaskPadList, { lineId, taskId }, { signal });

export const taskPadsQuery = (lineId: number, taskId: number | undefined) =>
  queryOptions({
    queryKey: dtuTaskKeys.pads(lineId, taskId),
    queryFn: ({ signal }) => getTaskPads(lineId, taskId, signal),
    // another panel may have taken a PAD since: read afresh on every opening
    staleTime: 0,
  });

/** Waits for a line. */
export function useTaskPads(lineId: number | undefined, taskId: number | undefined) {
  return useQuery({ ...taskPadsQuery(lineId ?? 0, taskId), enabled: lineId !== undefined });
}
