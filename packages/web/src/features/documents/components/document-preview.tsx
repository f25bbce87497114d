import { MSG, type DocumentItem } from '@factory/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Empty } from 'antd';

/** What a browser shows inside a frame; the server serves these inline (platform/files.ts). */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp|svg\+xml|bmp)|text\/plain)/;

export function isPreviewable(contentType: string): boolean {
  return INLINE_TYPES.test(contentType);
}

/**
 * The right side of a viewer: the selected file in an embedded frame. Other types
 * (Word, Excel, archives) would only start a download from the frame, which an
 * automatic first selection must not do, so they get a download link instead.
 */
export function DocumentPreview({ file }: { file: DocumentItem | null }) {
  if (!file) {
    return (
      <div className="document-preview document-preview--empty">
        <Empty description={MSG.noDocuments} />
      </div>
    );
  }
  const download = (
    <a className="document-preview__download" href={file.downloadUrl} download={file.originName}>
      <DownloadOutlined /> 下载
    </a>
  );
  return (
    <div className="document-preview">
      <div className="document-preview__bar">
        <span className="document-preview__name" title={file.originName}>
          {file.originName}
        </span>
        {download}
      </div>
      {isPreviewable(file.contentType) ? (
        <iframe key={file.id} className="document-preview__frame" title={file.originName} src={file.downloadUrl} />
      ) : (
        <div className="document-preview--empty">
          <Empty description="该类型的文件不能在线预览，请下载后查看">{download}</Empty>
        </div>
      )}
    </div>
  );
}
