import { ACCESSORY_LIMITS, ACCESSORY_MSG, type Dtu, type ModuleDtuFileField, moduleDtuAddFields } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Space, type FormRule } from 'antd';
import { FileField, type StoredFile } from '../../../components/file-field';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { zodRule } from '../../../lib/zod-rule';
import { useAddModuleDtu } from '../api/add-module-dtu';
import { useEditModuleDtu } from '../api/edit-module-dtu';
import type { ModuleDtuFiles } from '../api/module-form-data';
import './module-form-drawer.css';

type Slot = File | StoredFile | null;

type ModuleDtuFields = { dtuType: string } & Record<ModuleDtuFileField, Slot>;

interface ModuleDtuDrawerProps {
  open: boolean;
  communicationPartId: number;
  /** null adds a DTU to the module; a DTU edits it (kept after closing, so the title stays while the panel slides away) */
  dtu: Dtu | null;
  onClose(): void;
}

/** The three attachment slots (seed 002 §5): each is required on add, with its own message. */
const SLOTS: ReadonlyArray<{ field: ModuleDtuFileField; label: string; required: string }> = [
  { field: 'bomListFile', label: 'BOM清单', required: ACCESSORY_MSG.bomListRequired },
  { field: 'productFile', label: '生产文件', required: ACCESSORY_MSG.productFileRequired },
  { field: 'otherRequestFile', label: '其他要求', required: ACCESSORY_MSG.otherRequestRequired },
];

const dtuTypeRules = [zodRule(moduleDtuAddFields.shape.dtuType)];
const fileRequired = (message: string): FormRule => ({
  validator: async (_rule, value: Slot | undefined) => {
    if (!value) throw new Error(message);
  },
});
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const storedFile = (url: string | null, name: string | null, fallback: string): StoredFile | null =>
  url ? { url, name: name || fallback } : null;

function initialFieldsOf(dtu: Dtu | null): ModuleDtuFields {
  if (!dtu) return { dtuType: '', bomListFile: null, productFile: null, otherRequestFile: null };
  return {
    dtuType: dtu.dtuType,
    bomListFile: storedFile(dtu.bomListFileUrl, dtu.bomListOriginName, 'BOM清单'),
    productFile: storedFile(dtu.productFileUrl, dtu.productFileOriginName, '生产文件'),
    otherRequestFile: storedFile(dtu.otherRequestFileUrl, dtu.otherRequestFileOriginName, '其他要求'),
  };
}

/** 新增DTU / 编辑DTU of a communication module (seed 002 §2, §5). */
export function ModuleDtuDrawer(props: ModuleDtuDrawerProps) {
  // a fresh form per opening: a cancelled edit leaves nothing behind
  return <ModuleDtuPanel key={useOpenSession(props.open)} {...props} />;
}

function ModuleDtuPanel({ open, communicationPartId, dtu, onClose }: ModuleDtuDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ModuleDtuFields>();
  const add = useAddModuleDtu();
  const edit = useEditModuleDtu();
  const editing = dtu !== null;

  const submit = async (fields: ModuleDtuFields) => {
    const dtuType = fields.dtuType.trim();
    // Only newly chosen files travel; a slot left as it was keeps the stored file.
    const files: ModuleDtuFiles = {};
    for (const { field } of SLOTS) {
      const value = fields[field];
      if (value instanceof File) files[field] = value;
    }
    try {
      if (dtu) await edit.mutateAsync({ id: dtu.id, dtuType, files });
      else await add.mutateAsync({ communicationPartId, dtuType, files });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? ACCESSORY_MSG.dtuEdited : ACCESSORY_MSG.dtuAdded);
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑DTU' : '新增DTU'}
      open={open}
      onClose={onClose}
      size={500}
      destroyOnHidden
      footer={
        <Space className="module-form-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={add.isPending || edit.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialFieldsOf(dtu)} onFinish={submit} autoComplete="off">
        <Form.Item label="DTU型号" name="dtuType" required normalize={trim} rules={dtuTypeRules}>
          <Input placeholder="英文字符和数字" maxLength={ACCESSORY_LIMITS.dtuTypeMax} />
        </Form.Item>
        {SLOTS.map(({ field, label, required }) => (
          <Form.Item
            key={field}
            label={label}
            name={field}
            required={!editing}
            rules={editing ? [] : [fileRequired(required)]}
            extra={editing ? '不上传则保留原文件' : undefined}
          >
            <FileField />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
