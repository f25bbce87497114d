import { PATHS, type Firmware, type FirmwareType } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { productKeys, type PagedParams } from './product-keys';

export interface FirmwarePage {
  list: Firmware[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/firmware/list ?productId&type&page&pageSize (seed 001 §7). */
export function getFirmwares(
  productId: number,
  type: FirmwareType,
  paging: PagedParams,
  signal?: AbortSignal,
): Promise<FirmwarePage> {
  return apiGet<FirmwarePage>(PATHS.firmwareList, { productId, type, ...paging }, { signal });
}

export const firmwaresQuery = (productId: number, type: FirmwareType, paging: PagedParams) =>
  queryOptions({
    queryKey: productKeys.firmwares(productId, type, paging),
    queryFn: ({ signal }) => getFirmwares(productId, type, paging, signal),
    placeholderData: keepPreviousData,
  });

export function useFirmwares(productId: number, type: FirmwareType, paging: PagedParams) {
  return useQuery(firmwaresQuery(productId, type, paging));
}
