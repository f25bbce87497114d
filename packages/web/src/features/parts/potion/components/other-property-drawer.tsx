import { ACCESSORY_LIMITS, ACCESSORY_MSG, type OtherProperty, otherPropertyAddBody } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Space } from 'antd';
import { useMemo } from 'react';
import { showApiError } from '../../../../lib/api-client';
import { zodRule } from '../../../../lib/zod-rule';
import { useSaveOtherProperty } from '../api/save-other-property';
import { KIND_WORDS } from '../potion-view';
import './property-drawer.css';

interface OtherFormValues {
  category: string;
  property: string;
  checkTool: string;
  checkStandard: string;
}

const fields = otherPropertyAddBody.shape;
const rules = {
  category: [zodRule(fields.category)],
  property: [zodRule(fields.property)],
  checkTool: [zodRule(fields.checkTool)],
  checkStandard: [zodRule(fields.checkStandard)],
};
const EMPTY_VALUES: OtherFormValues = { category: '', property: '', checkTool: '', checkStandard: '' };
const WORD = KIND_WORDS.other;

interface OtherPropertyDrawerProps {
  open: boolean;
  dtuId: number;
  /** null adds a property */
  property: OtherProperty | null;
  onClose(): void;
}

/** 新增/编辑其他检测属性 (seed 002 §5): a check people make on the samples of a batch, for the report's basic checks. */
export function OtherPropertyDrawer({ open, dtuId, property, onClose }: OtherPropertyDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OtherFormValues>();
  const editing = property !== null;
  const save = useSaveOtherProperty(dtuId);
  const initialValues = useMemo<OtherFormValues>(
    () =>
      property
        ? { category: property.category, property: property.property, checkTool: property.checkTool, checkStandard: property.checkStandard }
        : EMPTY_VALUES,
    [property],
  );

  const submit = async (values: OtherFormValues) => {
    try {
      await save.mutateAsync({ id: property?.id ?? null, body: { dtuId, ...values } });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? ACCESSORY_MSG.edited(WORD) : ACCESSORY_MSG.added(WORD));
    onClose();
  };

  const textMax = ACCESSORY_LIMITS.propertyTextMax;
  return (
    <Drawer
      title={editing ? '编辑其他检测属性' : '新增其他检测属性'}
      open={open}
      onClose={onClose}
      size={500}
      destroyOnHidden
      footer={
        <Space className="potion-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} autoComplete="off">
        <Form.Item label="检测类别" name="category" required rules={rules.category}>
          <Input placeholder="如：外观检查" maxLength={textMax} />
        </Form.Item>
        <Form.Item label="检测项目" name="property" required rules={rules.property}>
          <Input placeholder="如：外壳无划伤" maxLength={textMax} />
        </Form.Item>
        <Form.Item label="检测工具" name="checkTool" required rules={rules.checkTool}>
          <Input placeholder="如：目测" maxLength={textMax} />
        </Form.Item>
        <Form.Item label="检测标准" name="checkStandard" required rules={rules.checkStandard}>
          <Input.TextArea
            placeholder="请输入检测标准"
            maxLength={ACCESSORY_LIMITS.checkStandardMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
