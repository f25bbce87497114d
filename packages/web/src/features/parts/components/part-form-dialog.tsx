import { ACCESSORY_LIMITS, ACCESSORY_MSG as M, type Fitting, fittingAddFields, FITTING_TYPES } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, Space, type FormRule } from 'antd';
import { ImageField } from '../../../components/image-field';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { zodRule } from '../../../lib/zod-rule';
import { useAddFitting } from '../api/add-fitting';
import { useEditFitting } from '../api/edit-fitting';
import './part-form-dialog.css';

interface PartFields {
  fittingType?: number;
  partDesc: string;
  /** a newly chosen image, or the URL of the current one */
  image: File | string | null;
}

interface PartFormDialogProps {
  open: boolean;
  /** the part being edited; null adds one */
  part: Fitting | null;
  onClose(): void;
}

const TYPE_OPTIONS = FITTING_TYPES.map((type) => ({ value: type.id, label: type.name }));
const rules = {
  fittingType: [zodRule(fittingAddFields.shape.fittingType)],
  partDesc: [zodRule(fittingAddFields.shape.partDesc)],
  // a part always has its picture: an edit starts from the current one
  image: [
    {
      validator: async (_rule, value: PartFields['image'] | undefined) => {
        if (!value) throw new Error(M.partImageRequired);
      },
    },
  ] satisfies FormRule[],
};

const initialFieldsOf = (part: Fitting | null): PartFields =>
  part
    ? { fittingType: part.fittingType, partDesc: part.partDesc, image: part.partImageUrl || null }
    : { partDesc: '', image: null };

/** 新增配件 / 编辑配件: type, description and picture, sent as one multipart form (seed 002 §2, §5). */
export function PartFormDialog(props: PartFormDialogProps) {
  // a fresh form per opening: the form resets when the panel closes
  return <PartFormPanel key={useOpenSession(props.open)} {...props} />;
}

function PartFormPanel({ open, part, onClose }: PartFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PartFields>();
  const add = useAddFitting();
  const edit = useEditFitting();
  const editing = part !== null;

  const submit = async (fields: PartFields) => {
    const input = {
      fittingType: fields.fittingType!,
      partDesc: fields.partDesc.trim(),
      // the current picture stays unless another one was chosen
      image: fields.image instanceof File ? fields.image : null,
    };
    try {
      if (part) await edit.mutateAsync({ ...input, id: part.id });
      else await add.mutateAsync(input);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? M.partEdited : M.partAdded);
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑配件' : '新增配件'}
      open={open}
      onClose={onClose}
      size={500}
      destroyOnHidden
      footer={
        <Space className="part-form-dialog__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={add.isPending || edit.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} name="part" layout="vertical" initialValues={initialFieldsOf(part)} onFinish={submit} autoComplete="off">
        <Form.Item label="配件类型" name="fittingType" required rules={rules.fittingType}>
          <Select placeholder="请选择配件类型" options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item label="配件描述" name="partDesc" required rules={rules.partDesc}>
          <Input.TextArea
            placeholder="请输入配件描述"
            count={{ show: true, max: ACCESSORY_LIMITS.partDescMax }}
            autoSize={{ minRows: 4, maxRows: 8 }}
          />
        </Form.Item>
        <Form.Item label="配件图片" name="image" required rules={rules.image} extra="建议图片比例1:1">
          <ImageField tooLargeMessage={M.partImageTooLarge} alt="配件图片" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
