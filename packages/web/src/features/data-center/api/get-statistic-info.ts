import { DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/statisticInfo: spot checks and stock (seed 000 §7 statistic_info, every 3 h). */
export const getStatisticInfo = (signal?: AbortSignal) => bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterStatisticInfo, undefined, signal);

export const statisticInfoQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.statisticInfo(),
    queryFn: ({ signal }) => getStatisticInfo(signal),
    ...refreshOf('statisticInfo'),
  });

export function useStatisticInfo() {
  return useQuery(statisticInfoQuery());
}
