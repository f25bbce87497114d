import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type DeviceTestListQuery, dtuWatchKeys } from './dtu-watch-keys';

/** GET /api/dtuTask/checkinfoList ?taskId&testStatus&manageStatus&mac&page&pageSize (seed 002 §7 task_checkinfo_list). */
export const getDeviceTests = (query: DeviceTestListQuery, signal?: AbortSignal) =>
  apiCall(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoList, query, { signal });

/** `refreshMs`: asked again that often (a task in production), or never (false). */
export const deviceTestsQuery = (query: DeviceTestListQuery, refreshMs: number | false = false) =>
  queryOptions({
    queryKey: dtuWatchKeys.deviceTests(query),
    queryFn: ({ signal }) => getDeviceTests(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });

/** `enabled` false leaves it unasked (the page lists a batch's samples instead). */
export function useDeviceTests(query: DeviceTestListQuery, refreshMs: number | false = false, enabled = true) {
  return useQuery({ ...deviceTestsQuery(query, refreshMs), enabled });
}
