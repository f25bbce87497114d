import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export interface ReportFile {
  /** an address the report answered, its query included: excelUrl (reportExport) or deviceListUrl (submitRecordExport) */
  url: string;
  /** the name to save under when the server sends none */
  fallbackName: string;
}

/** The report's .xlsx files, fetched with the session's token and saved under the server's name. */
export const downloadReportFile = ({ url, fallbackName }: ReportFile) => downloadFile(url, {}, fallbackName);

export function useDownloadReportFile() {
  return useMutation({ mutationFn: downloadReportFile });
}
