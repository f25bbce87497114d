import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_TYPE_NAMES,
  firmwareAddQuery,
  MSG,
  type Firmware,
  type FirmwareType,
} from '@factory/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Form, Input, Space, Upload, type FormRule, type UploadFile, type UploadProps } from 'antd';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { zodRule } from '../../../lib/zod-rule';
import { useAddFirmware } from '../api/add-firmware';
import { useEditFirmware } from '../api/edit-firmware';
import './firmware-drawer.css';

/** What the firmware panel edits: a new firmware of a type, or an existing one. */
export type FirmwareTarget = { mode: 'add'; type: FirmwareType } | { mode: 'edit'; firmware: Firmware };

interface FirmwareFields {
  version: string;
  files: UploadFile[];
  description: string;
}

interface FirmwareDrawerProps {
  productId: number;
  open: boolean;
  /** kept after closing, so the panel keeps its title while it slides away */
  target: FirmwareTarget | null;
  onClose(): void;
}

const versionRules = [zodRule(firmwareAddQuery.shape.version)];
const descriptionRules = [zodRule(firmwareAddQuery.shape.description)];
/** seed 001 §5: a new firmware needs its file; an edit may keep the stored one. */
const fileRequiredRule: FormRule = {
  validator: async (_rule, files: UploadFile[] | undefined) => {
    if (!files || files.length === 0) throw new Error(MSG.firmwareFileRequired);
  },
};

const STORED_FILE_UID = 'stored-firmware';

function initialFieldsOf(target: FirmwareTarget): FirmwareFields {
  if (target.mode === 'add') return { version: '', files: [], description: '' };
  const { firmware } = target;
  return {
    version: firmware.versionNumber,
    description: firmware.description,
    files: firmware.originName
      ? [{ uid: STORED_FILE_UID, name: firmware.originName, status: 'done', url: firmware.downloadUrl }]
      : [],
  };
}

/** The add/edit firmware side panel of the publish page (seed 001 §2, §5). */
export function FirmwareDrawer(props: FirmwareDrawerProps) {
  // a fresh form per opening: an edit cancelled before an add leaves nothing behind
  return <FirmwarePanel key={useOpenSession(props.open)} {...props} />;
}

function FirmwarePanel({ productId, open, target, onClose }: FirmwareDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FirmwareFields>();
  const add = useAddFirmware();
  const edit = useEditFirmware();
  const saving = add.isPending || edit.isPending;

  // Only one file (seed 001 §5): a second pick is refused until the first is removed.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const current = (form.getFieldValue('files') as UploadFile[] | undefined) ?? [];
    if (current.length > 0) {
      void message.warning(MSG.firmwareFileOnlyOne);
      return Upload.LIST_IGNORE;
    }
    if (file.size > FIRMWARE_MAX_BYTES) {
      void message.error(MSG.payloadTooLarge);
      return Upload.LIST_IGNORE;
    }
    // kept in the list and sent with the form, not uploaded on its own
    return false;
  };

  const submit = async (fields: FirmwareFields) => {
    if (!target) return;
    const version = fields.version.trim();
    const description = fields.description.trim();
    const chosen = fields.files.find((file) => file.originFileObj)?.originFileObj;
    try {
      if (target.mode === 'add') {
        if (!chosen) return;
        await add.mutateAsync({ productId, type: target.type, version, description, file: chosen });
      } else {
        await edit.mutateAsync({ id: target.firmware.id, version, description, file: chosen });
      }
    } catch (error) {
      showApiError(error);
      return;
    }
    if (target.mode === 'add') {
      void message.success(MSG.firmwareAdded);
    } else {
      void message.success(MSG.firmwareEdited);
      // The operator removed the file and chose none: the server kept the stored
      // one, so the file itself was not changed (seed 001 §5).
      if (fields.files.length === 0) void message.warning(MSG.firmwareFileEditFailed);
    }
    onClose();
  };

  const editing = target?.mode === 'edit';
  const typeName = target ? FIRMWARE_TYPE_NAMES[target.mode === 'add' ? target.type : target.firmware.type] : '';

  return (
    <Drawer
      title={`${editing ? '编辑' : '新增'}${typeName}`}
      open={open && target !== null}
      onClose={onClose}
      size={480}
      destroyOnHidden
      footer={
        <Space className="firmware-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      {target && (
        <Form form={form} layout="vertical" initialValues={initialFieldsOf(target)} onFinish={submit} autoComplete="off">
          <Form.Item label="版本号" name="version" required rules={versionRules}>
            <Input placeholder="请输入固件版本号" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="固件文件"
            name="files"
            required={!editing}
            rules={editing ? [] : [fileRequiredRule]}
            valuePropName="fileList"
            getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
          >
            <Upload beforeUpload={beforeUpload} className="firmware-drawer__upload">
              <Button icon={<UploadOutlined />}>选择文件</Button>
            </Upload>
          </Form.Item>
          <Form.Item label="描述" name="description" required rules={descriptionRules}>
            <Input.TextArea placeholder="请输入固件描述" maxLength={200} showCount autoSize={{ minRows: 4, maxRows: 8 }} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
