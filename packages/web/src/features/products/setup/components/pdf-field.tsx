import { FLOW_LIMITS, MSG } from '@factory/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Upload, type UploadFile, type UploadProps } from 'antd';

/** The flow's work instruction: the saved one (edit), or a file picked now. */
export interface PdfChoice {
  saved: { name: string; url: string | null } | null;
  picked: File | null;
}

interface PdfFieldProps {
  value: PdfChoice;
  onChange(next: PdfChoice): void;
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/**
 * 作业指导书: one .pdf under 8 MB (seed 001 §5). The file is sent with the flow,
 * not uploaded on its own; a second one is refused until the first is removed.
 */
export function PdfField({ value, onChange }: PdfFieldProps) {
  const { message } = App.useApp();
  const fileList: UploadFile[] = value.picked
    ? [{ uid: 'picked', name: value.picked.name, status: 'done' }]
    : value.saved
      ? [{ uid: 'saved', name: value.saved.name, status: 'done', url: value.saved.url ?? undefined }]
      : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (fileList.length > 0) {
      void message.warning(MSG.flowPdfOnlyOne);
    } else if (!isPdf(file)) {
      void message.error(MSG.flowPdfType);
    } else if (file.size > FLOW_LIMITS.pdfMaxBytes) {
      void message.error(MSG.flowPdfTooLarge);
    } else {
      onChange({ ...value, picked: file });
    }
    // Never uploaded on its own: it goes with the flow's form.
    return Upload.LIST_IGNORE;
  };

  const onRemove: UploadProps['onRemove'] = (file) => {
    onChange(file.uid === 'picked' ? { ...value, picked: null } : { ...value, saved: null });
    return true;
  };

  return (
    <Form.Item label="作业指导书" extra="仅支持一个PDF文件，大小不超过8M">
      <Upload accept=".pdf,application/pdf" fileList={fileList} beforeUpload={beforeUpload} onRemove={onRemove}>
        <Button icon={<UploadOutlined />}>上传指导书</Button>
      </Upload>
    </Form.Item>
  );
}
