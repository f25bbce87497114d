import { MSG, RECORD_COUNT_HEADER, RECORDS_ENDPOINTS, requestOf } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import { errorMsgOf, fileNameOf, isAttachment, saveBlob } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { useSession } from '../../../lib/session-store';
import type { RecordExportQuery } from './record-keys';

/** How far a download has come: the record count the server announced and the bytes received. */
export interface ExportProgress {
  /** null until the answer's headers arrive */
  records: number | null;
  bytes: number;
}

/**
 * GET /api/productionRecord/exportList: the filtered list as one spreadsheet.
 * The server writes the file while it reads the records, so it sends no
 * length; it sends the record count first (a header), and the console shows
 * that count with the bytes received so far (docs/decisions.md, issue 13).
 * The body is read chunk by chunk for that, which downloadFile's one blob()
 * can not report. Aborting `signal` cancels the download; no bytes for
 * UPLOAD_TIMEOUT_MS (a stalled server) fails it.
 * Resolves to the name the file was saved under and the record count.
 */
export async function exportRecordList(
  query: RecordExportQuery,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; records: number | null }> {
  const token = useSession.getState().token;
  const controller = new AbortController();
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  let timer = setTimeout(cancel, UPLOAD_TIMEOUT_MS);
  const stillAlive = () => {
    clearTimeout(timer);
    timer = setTimeout(cancel, UPLOAD_TIMEOUT_MS);
  };
  let response: Response;
  let records: number | null = null;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let text: string | null = null;
  try {
    // Only the filters applied: an empty one is no filter.
    const applied = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as RecordExportQuery;
    response = await fetch(requestOf(RECORDS_ENDPOINTS.recordExportList, applied).url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    });
    if (isAttachment(response) && response.body) {
      const announced = Number(response.headers.get(RECORD_COUNT_HEADER));
      records = response.headers.has(RECORD_COUNT_HEADER) && Number.isSafeInteger(announced) ? announced : null;
      let bytes = 0;
      onProgress({ records, bytes });
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stillAlive();
        parts.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        onProgress({ records, bytes });
      }
    } else {
      text = await response.text();
    }
  } catch {
    if (signal?.aborted) throw new ApiError('business', EXPORT_CANCELLED, null);
    feedback().error(MSG.serverError);
    throw new ApiError('server', MSG.serverError, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  if (text !== null) {
    const refusal = errorMsgOf(text);
    if (refusal === null) {
      feedback().error(MSG.serverError);
      throw new ApiError('server', MSG.serverError, response.status);
    }
    throw new ApiError('business', refusal, response.status);
  }
  const fileName = fileNameOf(response.headers.get('Content-Disposition') ?? '') ?? `生产记录_${String(query.taskId)}.xlsx`;
  saveBlob(new Blob(parts, { type: response.headers.get('Content-Type') ?? undefined }), fileName);
  return { fileName, records };
}

export const EXPORT_CANCELLED = '已取消导出';

/** The export as a mutation, with its progress while it runs and a way to cancel it. */
export function useExportRecordList() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (query: RecordExportQuery) => {
      const next = new AbortController();
      setController(next);
      setProgress({ records: null, bytes: 0 });
      return exportRecordList(query, setProgress, next.signal);
    },
    onSettled: () => {
      setController(null);
      setProgress(null);
    },
  });
  return { ...mutation, progress, cancel: () => controller?.abort() };
}
