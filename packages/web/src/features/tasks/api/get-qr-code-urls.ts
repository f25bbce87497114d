import { PATHS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** Production code → its QR image's address, in label order. */
export type QrCodeUrls = Record<string, string>;

/** GET /api/task/exportQrCodeUrls?taskId (seed 000 §7 task_exportQrCodeUrls). */
export function getQrCodeUrls(taskId: number, signal?: AbortSignal): Promise<QrCodeUrls> {
  return apiGet<QrCodeUrls>(PATHS.taskQrCodeUrls, { taskId }, { signal });
}

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
