import { LINE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** The enabled lines the user may plan on: 生产检测 and 目标客户 choose from them (seed 002 §7 productionLine_getList). */
export const getLineOptions = (signal?: AbortSignal) => apiCall(LINE_ENDPOINTS.productionLineOptions, undefined, { signal });

export const lineOptionsQuery = () =>
  queryOptions({ queryKey: dtuTaskKeys.lineOptions(), queryFn: ({ signal }) => getLineOptions(signal) });

export function useLineOptions() {
  return useQuery(lineOptionsQuery());
}
