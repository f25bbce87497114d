import { BOARD_LIMITS, DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, refreshOf } from './dashboard-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/dataCenter/productionTop?topNum=5: the products made most (seed 000 §7 production_top, every 12 h). */
export const getProductionTop = (signal?: AbortSignal) =>
  bigScreenGet(DATA_CENTER_ENDPOINTS.dataCenterProductionTop, { topNum: BOARD_LIMITS.productionTop }, signal);

export const productionTopQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.productionTop(),
    queryFn: ({ signal }) => getProductionTop(signal),
    ...refreshOf('productionTop'),
  });

export function useProductionTop() {
  return useQuery(productionTopQuery());
}
