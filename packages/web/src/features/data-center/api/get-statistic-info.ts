import { PATHS, statisticInfo, type StatisticInfo } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/statisticInfo: spot checks and stock (seed 000 §7 statistic_info, every 3 h). */
export function getStatisticInfo(signal?: AbortSignal): Promise<StatisticInfo> {
  return bigScreenGet(PATHS.dataCenterStatisticInfo, statisticInfo, {}, signal);
}

export const statisticInfoQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.statisticInfo(),
    queryFn: ({ signal }) => getStatisticInfo(signal),
    ...refreshOf('statisticInfo'),
  });

export function useStatisticInfo() {
  return useQuery(statisticInfoQuery());
}
