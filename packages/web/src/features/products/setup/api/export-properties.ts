import { PROPERTY_ENDPOINTS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../../lib/download';

/** GET /api/property/exportJson?productId: the product's properties as `<number>-properties.json`. */
export function exportProperties(productId: number): Promise<string> {
  return downloadFile(PROPERTY_ENDPOINTS.propertyExportJson.path, { productId }, `product-${productId}-properties.json`);
}

export function useExportProperties() {
  return useMutation({ mutationFn: exportProperties });
}
