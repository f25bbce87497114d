import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** Rates kept to two decimals (seed 000 §7), enough for a rounded percentage. */
export const TASK_RATE_HOLD = 2;

/** GET /api/dataCenter/taskCount?hold=2: the task rates, fractions 0–1 (seed 000 §7 task_count, every 6 h). */
export const getTaskCount = (signal?: AbortSignal) =>
  bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterTaskCount, { hold: TASK_RATE_HOLD }, signal);

export const taskCountQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.taskCount(),
    queryFn: ({ signal }) => getTaskCount(signal),
    ...refreshOf('taskCount'),
  });

export function useTaskCount() {
  return useQuery(taskCountQuery());
}
