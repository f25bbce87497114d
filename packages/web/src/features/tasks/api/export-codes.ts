import { PATHS, type EXPORT_FORMATS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export type CodeExportFormat = (typeof EXPORT_FORMATS)[number];

export interface CodeExportInput {
  taskId: number;
  format: CodeExportFormat;
}

/**
 * GET /api/task/exportDeviceId?taskId&format: the task's production codes as a
 * spreadsheet, saved under the name of the answer's content-disposition (seed 000 §2).
 */
export function exportCodes({ taskId, format }: CodeExportInput): Promise<string> {
  return downloadFile(PATHS.taskExportCodes, { taskId, format }, `生产编码_${taskId}.${format}`);
}

export function useExportCodes() {
  return useMutation({ mutationFn: exportCodes });
}
