import { deviceAverage, type DeviceAverage, PATHS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/deviceAverage: units made in all, this month and per day (seed 000 §7 device_average, every 5 s). */
export function getDeviceAverage(signal?: AbortSignal): Promise<DeviceAverage> {
  return bigScreenGet(PATHS.dataCenterDeviceAverage, deviceAverage, {}, signal);
}

export const deviceAverageQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.deviceAverage(),
    queryFn: ({ signal }) => getDeviceAverage(signal),
    ...refreshOf('deviceAverage'),
  });

export function useDeviceAverage() {
  return useQuery(deviceAverageQuery());
}
