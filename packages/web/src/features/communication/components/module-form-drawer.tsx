import {
  ACCESSORY_LIMITS,
  ACCESSORY_MSG,
  type CommunicationModule,
  type CommunicationPartParam,
  communicationPartParam,
} from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { ImageField } from '../../../components/image-field';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { useQueryError } from '../../../lib/use-query-error';
import { zodRule } from '../../../lib/zod-rule';
import { useAddCommunication } from '../api/add-communication';
import { useEditCommunication } from '../api/edit-communication';
import { useCommunicationTypes } from '../api/get-communication-types';
import './module-form-drawer.css';

interface ModuleFields {
  modelType: string;
  communicationType?: CommunicationPartParam['communicationType'];
  standardVoltage: string;
  productCompany: string;
  /** a new file, or the URL of the module's current image */
  image: File | string | null;
}

interface ModuleFormDrawerProps {
  open: boolean;
  /** null adds a module; a module edits it (kept after closing, so the title stays while the panel slides away) */
  module: CommunicationModule | null;
  onClose(): void;
}

// The rules of the shared schema field by field (seed 002 §5), so the panel shows the
// message the server would answer with.
const fieldsOf = communicationPartParam.shape;
const rules = {
  modelType: [zodRule(fieldsOf.modelType)],
  communicationType: [zodRule(fieldsOf.communicationType)],
  standardVoltage: [zodRule(fieldsOf.standardVoltage)],
  productCompany: [zodRule(fieldsOf.productCompany)],
};
const MODEL_MAX = 18;
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

function initialFieldsOf(module: CommunicationModule | null): ModuleFields {
  if (!module) return { modelType: '', standardVoltage: '', productCompany: '', image: null };
  return {
    modelType: module.modelType,
    communicationType: module.communicationType as CommunicationPartParam['communicationType'],
    standardVoltage: module.standardVoltage,
    productCompany: module.productCompany,
    image: module.modelImageUrl,
  };
}

/** 新增通信模块 / 编辑通信模块: the side panel of the module grid (seed 002 §2, §5). */
export function ModuleFormDrawer(props: ModuleFormDrawerProps) {
  // a fresh form per opening: a cancelled edit leaves nothing behind
  return <ModuleFormPanel key={useOpenSession(props.open)} {...props} />;
}

function ModuleFormPanel({ open, module, onClose }: ModuleFormDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ModuleFields>();
  const types = useCommunicationTypes(open);
  useQueryError(types.error);
  const add = useAddCommunication();
  const edit = useEditCommunication();
  const editing = module !== null;

  const submit = async (fields: ModuleFields) => {
    const param = {
      modelType: fields.modelType.trim(),
      communicationType: fields.communicationType!,
      standardVoltage: fields.standardVoltage.trim(),
      productCompany: fields.productCompany.trim(),
    };
    // Only a newly chosen file is sent; without one the server keeps the current image.
    const image = fields.image instanceof File ? fields.image : null;
    try {
      if (module) await edit.mutateAsync({ param: { ...param, id: module.id }, image });
      else await add.mutateAsync({ param, image });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? ACCESSORY_MSG.moduleEdited : ACCESSORY_MSG.moduleAdded);
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑通信模块' : '新增通信模块'}
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
      <Form form={form} layout="vertical" initialValues={initialFieldsOf(module)} onFinish={submit} autoComplete="off">
        <Form.Item label="模块型号" name="modelType" required normalize={trim} rules={rules.modelType}>
          <Input placeholder="4-18位中英文字符、数字或下划线" maxLength={MODEL_MAX} />
        </Form.Item>
        <Form.Item label="通信类型" name="communicationType" required rules={rules.communicationType}>
          <Select
            placeholder="请选择通信类型"
            loading={types.isLoading}
            options={(types.data ?? []).map((type) => ({ value: type.code, label: type.name }))}
          />
        </Form.Item>
        <Form.Item label="工作电压" name="standardVoltage" required normalize={trim} rules={rules.standardVoltage}>
          <Input placeholder="如 5.0" suffix="V" maxLength={ACCESSORY_LIMITS.voltageMax} />
        </Form.Item>
        <Form.Item label="所属公司" name="productCompany" required normalize={trim} rules={rules.productCompany}>
          <Input placeholder="4-64位中英文字符或数字" maxLength={ACCESSORY_LIMITS.companyMax} />
        </Form.Item>
        <Form.Item label="模块图片" name="image" extra="建议图片比例1:1">
          <ImageField tooLargeMessage={ACCESSORY_MSG.moduleImageTooLarge} alt="模块图片" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
