import { RECORDS_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { traceKeys } from './trace-keys';

/**
 * GET /api/device/trace?text=: the devices whose production code, SN, MAC or IMEI
 * equals the text, each with its task and every result in time order.
 */
export const getDeviceTrace = (text: string, signal?: AbortSignal) => apiCall(RECORDS_ENDPOINTS.deviceTrace, { text }, { signal });

export const deviceTraceQuery = (text: string) =>
  queryOptions({
    queryKey: traceKeys.search(text),
    queryFn: ({ signal }) => getDeviceTrace(text, signal),
  });

export function useDeviceTrace(text: string | null) {
  return useQuery({ ...deviceTraceQuery(text ?? ''), enabled: text !== null });
}
