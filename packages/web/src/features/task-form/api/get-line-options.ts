import { LINE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/** The enabled lines the user may plan tasks on (seed 000 §7). */
export const getLineOptions = (signal?: AbortSignal) => apiCall(LINE_ENDPOINTS.productionLineOptions, undefined, { signal });

export const lineOptionsQuery = () =>
  queryOptions({ queryKey: taskFormKeys.lineOptions(), queryFn: ({ signal }) => getLineOptions(signal) });

export function useLineOptions() {
  return useQuery(lineOptionsQuery());
}
