import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/deviceAverage: units made in all, this month and per day (seed 000 §7 device_average, every 5 s). */
export const getDeviceAverage = (signal?: AbortSignal) => bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterDeviceAverage, undefined, signal);

export const deviceAverageQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.deviceAverage(),
    queryFn: ({ signal }) => getDeviceAverage(signal),
    ...refreshOf('deviceAverage'),
  });

export function useDeviceAverage() {
  return useQuery(deviceAverageQuery());
}
