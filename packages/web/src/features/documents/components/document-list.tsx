import type { DocumentItem } from '@factory/contracts';
import { Button, Popconfirm } from 'antd';

interface DocumentListProps {
  files: readonly DocumentItem[];
  selectedId: number | null;
  onSelect(file: DocumentItem): void;
  /** shown only to roles holding the page's delete button */
  canDelete: boolean;
  onDelete(file: DocumentItem): Promise<void>;
}

/** The left column of a viewer: each file's original name and upload time; the shown one highlighted. */
export function DocumentList({ files, selectedId, onSelect, canDelete, onDelete }: DocumentListProps) {
  // With no files the frame area says 暂无文档 (seed 000 §2); the count above says 共 0 个文件.
  if (files.length === 0) return null;
  return (
    <ul className="document-list" aria-label="文件列表">
      {files.map((file) => {
        const selected = file.id === selectedId;
        return (
          <li key={file.id} className={selected ? 'document-list__row document-list__row--selected' : 'document-list__row'}>
            <button
              type="button"
              className="document-list__item"
              aria-current={selected ? 'true' : undefined}
              title={file.originName}
              onClick={() => onSelect(file)}
            >
              <span className="document-list__name">{file.originName}</span>
              <span className="document-list__time">{file.createTime}</span>
            </button>
            {canDelete && (
              <Popconfirm
                title="删除文档"
                description={`确定删除“${file.originName}”吗？`}
                okText="确定"
                cancelText="取消"
                onConfirm={() => onDelete(file)}
              >
                <Button type="link" danger size="small" className="document-list__delete">
                  删除
                </Button>
              </Popconfirm>
            )}
          </li>
        );
      })}
    </ul>
  );
}
