import { ACCESSORY_LIMITS, ACCESSORY_MSG, IMAGE_TYPES } from '@factory/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { App, Modal, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import './image-field.css';

interface ImageFieldProps {
  /** a newly chosen file, or the URL of the current image */
  value?: File | string | null;
  onChange?(value: File | null): void;
  /** each screen words the 500 KB limit its own way (图片小于500KB, 图片不能大于500KB) */
  tooLargeMessage: string;
  /** names the image in its preview and thumbnail */
  alt?: string;
  /** given by Form.Item: the label points at the file input */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * Why an image may not be taken (png or jpg under 500 KB, seed 002 §5), or null.
 * A browser that gives no type is judged by the name; the server checks the bytes anyway.
 */
export function imageProblem(file: File, tooLarge: string): string | null {
  const typed = file.type === '' ? IMAGE_EXTENSIONS.test(file.name) : (IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!typed) return ACCESSORY_MSG.imageType;
  if (file.size >= ACCESSORY_LIMITS.imageMaxBytes) return tooLarge;
  return null;
}

/** A blob URL for a chosen file's thumbnail, released when the file changes or the field goes. */
function usePreviewUrl(file: File | null): string | undefined {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/**
 * One image of a form (a part's picture, a DTU's front or back): a picture card with
 * preview, checked before it is taken. The file is not uploaded on its own: the form
 * sends it (or uploads it) when saved. A second pick is refused until the first is removed.
 */
export function ImageField({ value, onChange, tooLargeMessage, alt, id, ...aria }: ImageFieldProps) {
  const { message } = App.useApp();
  const [previewing, setPreviewing] = useState(false);
  const chosen = value instanceof File ? value : null;
  const chosenUrl = usePreviewUrl(chosen);
  const url = chosen ? chosenUrl : typeof value === 'string' ? value : undefined;
  const name = alt ?? chosen?.name ?? '图片';

  const fileList: UploadFile[] = value ? [{ uid: chosen ? 'chosen' : 'current', name, status: 'done', url, thumbUrl: url }] : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = value ? ACCESSORY_MSG.imageOnlyOne : imageProblem(file, tooLargeMessage);
    if (problem) void (value ? message.warning(problem) : message.error(problem));
    else onChange?.(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="image-field" {...aria}>
      <Upload
        id={id}
        listType="picture-card"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        fileList={fileList}
        beforeUpload={beforeUpload}
        onRemove={() => {
          onChange?.(null);
          return true;
        }}
        onPreview={() => setPreviewing(true)}
      >
        <div className="image-field__trigger">
          <PlusOutlined aria-hidden />
          <span>上传图片</span>
        </div>
      </Upload>
      <div className="image-field__hint">仅支持png、jpg格式，小于500KB</div>
      <Modal open={previewing && url !== undefined} title={name} footer={null} onCancel={() => setPreviewing(false)} destroyOnHidden>
        <img className="image-field__preview" src={url} alt={name} />
      </Modal>
    </div>
  );
}
