import { LINE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/** The enabled lines the user may plan on: 抽检产线 chooses from them (seed 002 §7 productionLine_getList). */
export const getLineOptions = (signal?: AbortSignal) => apiCall(LINE_ENDPOINTS.productionLineOptions, undefined, { signal });

export const lineOptionsQuery = () =>
  queryOptions({ queryKey: dtuSubmissionKeys.lineOptions(), queryFn: ({ signal }) => getLineOptions(signal) });

/** Read once the dialog opens. */
export function useLineOptions(enabled: boolean) {
  return useQuery({ ...lineOptionsQuery(), enabled });
}
