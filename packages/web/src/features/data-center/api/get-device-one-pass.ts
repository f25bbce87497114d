import { DATA_CENTER_ENDPOINTS, type TimeType } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/deviceOnePass?timeType: the one-pass rate per day or month, fractions 0–1, null where no unit was decided (seed 000 §7 device_onepass, every 6 h). */
export const getDeviceOnePass = (timeType: TimeType, signal?: AbortSignal) =>
  bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterDeviceOnePass, { timeType }, signal);

export const deviceOnePassQuery = (timeType: TimeType) =>
  queryOptions({
    queryKey: dashboardKeys.deviceOnePass(timeType),
    queryFn: ({ signal }) => getDeviceOnePass(timeType, signal),
    ...refreshOf('deviceOnePass'),
  });

export function useDeviceOnePass(timeType: TimeType) {
  return useQuery(deviceOnePassQuery(timeType));
}
