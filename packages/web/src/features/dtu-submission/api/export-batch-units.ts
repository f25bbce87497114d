import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/**
 * GET /api/dtuTask/submitRecordExport?batchId: the batch's device list as .xlsx, streamed
 * by the server as an attachment. Fetched with the session's token (a new window, as
 * the seed's console opened, would carry none) and saved under the server's name.
 */
export const exportBatchUnits = (batchId: number) =>
  downloadFile(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordExport.path, { batchId }, `批次${batchId}_设备列表.xlsx`);

export function useExportBatchUnits() {
  return useMutation({ mutationFn: exportBatchUnits });
}
