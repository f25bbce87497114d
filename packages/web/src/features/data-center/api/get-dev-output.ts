import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/devOutput: products in development and in production (seed 000 §7 dev_output, every 12 h). */
export const getDevOutput = (signal?: AbortSignal) => bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterDevOutput, undefined, signal);

export const devOutputQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.devOutput(),
    queryFn: ({ signal }) => getDevOutput(signal),
    ...refreshOf('devOutput'),
  });

export function useDevOutput() {
  return useQuery(devOutputQuery());
}
