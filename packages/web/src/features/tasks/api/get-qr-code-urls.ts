import { PRODUCTION_CODE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** Production code → its QR image's address, in label order (seed 000 §7 task_exportQrCodeUrls). */
export const getQrCodeUrls = (taskId: number, signal?: AbortSignal) =>
  apiCall(PRODUCTION_CODE_ENDPOINTS.taskQrCodeUrls, { taskId }, { signal });

export const qrCodeUrlsQuery = (taskId: number) =>
  queryOptions({
    queryKey: taskKeys.qrCodeUrls(taskId),
    queryFn: ({ signal }) => getQrCodeUrls(taskId, signal),
    // The print view reads the labels once; a refetch would re-render every image mid-print.
    staleTime: Infinity,
  });

export function useQrCodeUrls(taskId: number | null) {
  return useQuery({ ...qrCodeUrlsQuery(taskId ?? 0), enabled: taskId !== null });
}
