import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/padCount: PADs by state (seed 000 §7 pad_count, every 5 s). */
export const getPadCount = (signal?: AbortSignal) => bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterPadCount, undefined, signal);

export const padCountQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.padCount(),
    queryFn: ({ signal }) => getPadCount(signal),
    ...refreshOf('padCount'),
  });

export function usePadCount() {
  return useQuery(padCountQuery());
}
