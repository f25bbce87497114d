import { PRODUCTION_CODE_ENDPOINTS, QR_CODE_PAGE } from '@factory/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/**
 * The task's production codes in label order, a page after `afterSequence` (seed 000 §7
 * task_exportQrCodeUrls; issue 19: codes only and paged, each image's address made by
 * contracts' `qrImagePath`).
 */
export const getQrCodePage = (taskId: number, afterSequence: number, signal?: AbortSignal) =>
  apiCall(PRODUCTION_CODE_ENDPOINTS.taskQrCodeUrls, { taskId, afterSequence, pageSize: QR_CODE_PAGE.size }, { signal });

/** Each page starts after the last code of the one before (`nextAfter`), until the server says there is none. */
export const qrCodePagesQuery = (taskId: number) =>
  infiniteQueryOptions({
    queryKey: taskKeys.qrCodes(taskId),
    queryFn: ({ pageParam, signal }) => getQrCodePage(taskId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextAfter ?? undefined,
    // The print view reads the labels once; a refetch would re-render every image mid-print.
    staleTime: Infinity,
  });

export function useQrCodePages(taskId: number | null) {
  return useInfiniteQuery({ ...qrCodePagesQuery(taskId ?? 0), enabled: taskId !== null });
}
