import { PATHS, type TraceAnswer } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { traceKeys } from './trace-keys';

/**
 * GET /api/device/trace?text=: the devices whose production code, SN, MAC or IMEI
 * equals the text, each with its task and every result in time order.
 */
export function getDeviceTrace(text: string, signal?: AbortSignal): Promise<TraceAnswer> {
  return apiGet<TraceAnswer>(PATHS.deviceTrace, { text }, { signal });
}

export const deviceTraceQuery = (text: string) =>
  queryOptions({
    queryKey: traceKeys.search(text),
    queryFn: ({ signal }) => getDeviceTrace(text, signal),
  });

export function useDeviceTrace(text: string | null) {
  return useQuery({ ...deviceTraceQuery(text ?? ''), enabled: text !== null });
}
