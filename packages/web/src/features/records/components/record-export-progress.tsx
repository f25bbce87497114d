import { Button, Spin } from 'antd';
import type { ExportProgress } from '../api/export-record-list';

/** Bytes as people read them: 820 B, 12.3 KB, 4.5 MB. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What an export of the list has done so far. The server writes the file while
 * it reads the records, so there is no percentage to show honestly: the count
 * it announced and the bytes that have arrived (docs/decisions.md, issue 13).
 */
export function RecordExportProgress({ progress, onCancel }: { progress: ExportProgress; onCancel: () => void }) {
  const what = progress.records === null ? '正在准备导出' : `正在导出 ${progress.records.toLocaleString('zh-CN')} 条记录`;
  return (
    <div className="production-log-page__export" role="status" aria-live="polite">
      <Spin size="small" />
      <span>
        {what}，已接收 {bytesText(progress.bytes)}
      </span>
      <Button type="link" size="small" onClick={onCancel}>
        取消
      </Button>
    </div>
  );
}
