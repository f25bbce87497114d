import { PRODUCTION_CODE_ENDPOINTS, type QueryIn } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

const EXPORT = PRODUCTION_CODE_ENDPOINTS.taskExportCodes;

/** xlsx or csv, as the contract's query takes it. */
export type CodeExportFormat = NonNullable<QueryIn<typeof EXPORT>['format']>;

/**
 * ?taskId&format: the task's production codes as a spreadsheet, answered raw and
 * saved under the name of the answer's content-disposition (seed 000 §2).
 */
export function exportCodes({ taskId, format }: { taskId: number; format: CodeExportFormat }): Promise<string> {
  return downloadFile(EXPORT.path, { taskId, format }, `生产编码_${taskId}.${format}`);
}

export function useExportCodes() {
  return useMutation({ mutationFn: exportCodes });
}
