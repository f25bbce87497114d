import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/realTimeInput: today's target and output, and what is in use (seed 000 §7 real_time_input, every 5 s). */
export const getRealTimeInput = (signal?: AbortSignal) => bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterRealTimeInput, undefined, signal);

export const realTimeInputQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.realTimeInput(),
    queryFn: ({ signal }) => getRealTimeInput(signal),
    ...refreshOf('realTimeInput'),
  });

export function useRealTimeInput() {
  return useQuery(realTimeInputQuery());
}
