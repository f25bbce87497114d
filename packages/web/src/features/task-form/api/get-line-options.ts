import { PATHS, type LineOption } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/** GET /api/productionLine/getList: the enabled lines the user may plan tasks on (seed 000 §7). */
export function getLineOptions(signal?: AbortSignal): Promise<LineOption[]> {
  return apiGet<LineOption[]>(PATHS.productionLineOptions, undefined, { signal });
}

export const lineOptionsQuery = () =>
  queryOptions({ queryKey: taskFormKeys.lineOptions(), queryFn: ({ signal }) => getLineOptions(signal) });

export function useLineOptions() {
  return useQuery(lineOptionsQuery());
}
