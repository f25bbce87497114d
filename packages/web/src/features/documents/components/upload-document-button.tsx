import { MAX_UPLOAD_BYTES, MSG, type DocumentType } from '@factory/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadProps } from 'antd';
import { showApiError } from '../../../lib/api-client';
import { useUploadDocument } from '../api/upload-document';

/**
 * 上传文档: one file per pick, sent by our own client (token, envelope rules).
 * Files over 20 MB are refused here before any byte is sent; the server refuses them too.
 */
export function UploadDocumentButton({ type }: { type: DocumentType }) {
  const { message } = App.useApp();
  const upload = useUploadDocument(type);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      void message.error(MSG.fileTooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload.mutate(file as File, {
      onSuccess: (data) => {
        void message.success(MSG.documentUploaded);
        onSuccess?.(data);
      },
      onError: (error) => {
        showApiError(error);
        onError?.(error);
      },
    });
  };

  return (
    <Upload showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={upload.isPending}>
      <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
        上传文档
      </Button>
    </Upload>
  );
}
