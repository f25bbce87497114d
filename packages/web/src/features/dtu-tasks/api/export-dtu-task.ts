import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/**
 * GET /api/dtuTask/export?taskId: the task's test records as .xlsx, streamed by the server
 * as an attachment; fetched with the session's token (a new window would carry none) and
 * saved under the server's name.
 */
export const exportDtuTask = (taskId: number) =>
  downloadFile(DTU_SUBMISSION_ENDPOINTS.dtuTaskExport.path, { taskId }, `DTU任务_检测记录_${taskId}.xlsx`);

export function useExportDtuTask() {
  return useMutation({ mutationFn: exportDtuTask });
}
