import { ACCESSORY_MSG, MAX_UPLOAD_BYTES, MSG } from '@factory/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';

/** A file already stored: its original name and where it is served. */
export interface StoredFile {
  name: string;
  url: string;
}

interface FileFieldProps {
  /** a newly chosen file, or the stored one */
  value?: File | StoredFile | null;
  onChange?(value: File | null): void;
  /** the file input's accept list (any type when left out) */
  accept?: string;
  /** the button's text (上传文件 unless said) */
  buttonText?: string;
  disabled?: boolean;
  /** given by Form.Item: the label points at the file input */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * One attachment slot of a form (a DTU's firmware, BOM list …): one file of any type,
 * up to the upload limit, kept until the form is saved. The stored file links to its
 * download; a second pick is refused until the first is removed (seed 002 §5).
 */
export function FileField({ value, onChange, accept, buttonText = '上传文件', disabled, id, ...aria }: FileFieldProps) {
  const { message } = App.useApp();

  const fileList: UploadFile[] = !value
    ? []
    : value instanceof File
      ? [{ uid: 'chosen', name: value.name, status: 'done' }]
      : [{ uid: 'stored', name: value.name, status: 'done', url: value.url }];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (value) void message.warning(ACCESSORY_MSG.fileOnlyOne);
    else if (file.size > MAX_UPLOAD_BYTES) void message.error(MSG.fileTooLarge);
    else onChange?.(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="file-field" {...aria}>
      <Upload
        id={id}
        accept={accept}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onRemove={() => {
          onChange?.(null);
          return true;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
          {buttonText}
        </Button>
      </Upload>
    </div>
  );
}
