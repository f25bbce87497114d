import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/**
 * GET /api/dtuTask/padList?lineId: the PADs of the sampling line, each with the task it
 * serves. Asked without the task's id on purpose: the task's own production PADs then
 * read as busy with it (a PAD tests or samples, never both); the sampling dialog frees
 * the PADs already bound to the task's sampling itself.
 */
export const getLinePads = (lineId: number, signal?: AbortSignal) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskPadList, { lineId }, { signal });

export const linePadsQuery = (taskId: number, lineId: number) =>
  queryOptions({
    queryKey: dtuSubmissionKeys.linePads(taskId, lineId),
    queryFn: ({ signal }) => getLinePads(lineId, signal),
    // another task may have taken a PAD since: read afresh on every opening
    staleTime: 0,
  });

/** Waits for a line. */
export function useLinePads(taskId: number, lineId: number | undefined) {
  return useQuery({ ...linePadsQuery(taskId, lineId ?? 0), enabled: lineId !== undefined });
}
