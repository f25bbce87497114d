import { FIRMWARE_ENDPOINTS, type FirmwareType } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys, type PagedParams } from './product-keys';

/** GET /api/firmware/list ?productId&type&page&pageSize (seed 001 §7). */
export const getFirmwares = (productId: number, type: FirmwareType, paging: PagedParams, signal?: AbortSignal) =>
  apiCall(FIRMWARE_ENDPOINTS.firmwareList, { productId, type, ...paging }, { signal });

export const firmwaresQuery = (productId: number, type: FirmwareType, paging: PagedParams) =>
  queryOptions({
    queryKey: productKeys.firmwares(productId, type, paging),
    queryFn: ({ signal }) => getFirmwares(productId, type, paging, signal),
    placeholderData: keepPreviousData,
  });

export function useFirmwares(productId: number, type: FirmwareType, paging: PagedParams) {
  return useQuery(firmwaresQuery(productId, type, paging));
}
