import { RECORDS_ENDPOINTS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/**
 * GET /api/productionRecord/export?id=<production code>: the device's results as a
 * spreadsheet. The legacy console opened the address; ours sends the token, so the
 * file is fetched and saved under the answer's content-disposition name.
 */
export function exportRecord(code: string): Promise<string> {
  return downloadFile(RECORDS_ENDPOINTS.recordExport.path, { id: code }, `生产记录_${code}.xlsx`);
}

export function useExportRecord() {
  return useMutation({ mutationFn: exportRecord });
}
