import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/pdaCount: handhelds by state (seed 000 §7 pda_count, every 6 h). */
export const getPdaCount = (signal?: AbortSignal) => bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterPdaCount, undefined, signal);

export const pdaCountQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.pdaCount(),
    queryFn: ({ signal }) => getPdaCount(signal),
    ...refreshOf('pdaCount'),
  });

export function usePdaCount() {
  return useQuery(pdaCountQuery());
}
