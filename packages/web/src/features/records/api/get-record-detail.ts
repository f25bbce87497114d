import { RECORDS_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** GET /api/productionRecord/detail?id=<production code>: the device, its task and each flow's latest result. */
export const getRecordDetail = (code: string, signal?: AbortSignal) => apiCall(RECORDS_ENDPOINTS.recordDetail, { id: code }, { signal });

export const recordDetailQuery = (code: string) =>
  queryOptions({
    queryKey: recordKeys.detail(code),
    queryFn: ({ signal }) => getRecordDetail(code, signal),
  });

export function useRecordDetail(code: string | null) {
  return useQuery({ ...recordDetailQuery(code ?? ''), enabled: code !== null });
}
