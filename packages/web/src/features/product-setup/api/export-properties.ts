import { PATHS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /api/property/exportJson?productId: the product's properties as `<number>-properties.json`. */
export function exportProperties(productId: number): Promise<string> {
  return downloadFile(PATHS.propertyExportJson, { productId }, `product-${productId}-properties.json`);
}

export function useExportProperties() {
  return useMutation({ mutationFn: exportProperties });
}
