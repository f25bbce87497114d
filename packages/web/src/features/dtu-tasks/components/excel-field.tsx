import { DTU_TASK_EXCEL_EXTENSIONS, DTU_TASK_LIMITS, DTU_TASK_MSG as M } from '@factory/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';

/** The Excel a task holds: its original name (it is not offered for download). */
export interface HeldExcel {
  name: string;
}

interface ExcelFieldProps {
  /** a newly chosen file, or the one the task holds */
  value?: File | HeldExcel | null;
  onChange?(value: File | null): void;
  disabled?: boolean;
  /** given by Form.Item: the label points at the file input */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

const EXCEL_NAME = /\.xlsx?$/i;

/**
 * The major/minor Excel of a task (seed 002 §5): one .xls or .xlsx, kept until the
 * panel is saved; a second pick is refused until the first is removed. The server
 * reads the sheet and answers what is wrong with it.
 */
export function ExcelField({ value, onChange, disabled, id, ...aria }: ExcelFieldProps) {
  const { message } = App.useApp();
  const fileList: UploadFile[] = value ? [{ uid: value instanceof File ? 'chosen' : 'held', name: value.name, status: 'done' }] : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (value) void message.warning(M.excelOnlyOne);
    else if (!EXCEL_NAME.test(file.name)) void message.error(M.excelType);
    else if (file.size > DTU_TASK_LIMITS.excelMaxBytes) void message.error(M.excelTooLarge);
    else onChange?.(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="excel-field" {...aria}>
      <Upload
        id={id}
        accept={DTU_TASK_EXCEL_EXTENSIONS.join(',')}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onRemove={() => {
          onChange?.(null);
          return true;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
          上传Excel
        </Button>
      </Upload>
    </div>
  );
}
