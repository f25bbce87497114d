import { DATA_CENTER_ENDPOINTS, type TimeType } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/deviceProductivity?timeType: units made per day (PRE_30_DAY) or per month (PRE_12_MONTH) (seed 000 §7 device_productivity, every 24 h). */
export const getDeviceProductivity = (timeType: TimeType, signal?: AbortSignal) =>
  bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterDeviceProductivity, { timeType }, signal);

export const deviceProductivityQuery = (timeType: TimeType) =>
  queryOptions({
    queryKey: dashboardKeys.deviceProductivity(timeType),
    queryFn: ({ signal }) => getDeviceProductivity(timeType, signal),
    ...refreshOf('deviceProductivity'),
  });

export function useDeviceProductivity(timeType: TimeType) {
  return useQuery(deviceProductivityQuery(timeType));
}
