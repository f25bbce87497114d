import {
  MSG,
  TERMINAL_LIMITS,
  TERMINAL_TYPES,
  terminalAddBody,
  terminalName,
  type TerminalType,
} from '@factory/contracts';
import { App, Form, Input, Modal, Radio, Select, type FormRule } from 'antd';
import { useEffect } from 'react';
import { showApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { useAddTerminal } from '../api/add-terminal';
import { useLineOptions } from '../api/get-line-options';
import { useTerminalCategories } from '../api/get-terminal-categories';
import { TERMINAL_TYPE_NAMES } from '../terminal-view';

interface AddFields {
  terminalType: TerminalType;
  terminalCode: string;
  terminalName: string;
  categoryId?: number;
  lineId?: number;
}

interface TerminalAddDialogProps {
  open: boolean;
  /** the tab the dialog was opened from */
  defaultType: TerminalType;
  onClose(): void;
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const codeRules: FormRule[] = [zodRule(terminalAddBody.shape.terminalCode)];
const nameRules: FormRule[] = [zodRule(terminalName)];
const typeRules: FormRule[] = [{ required: true, message: MSG.terminalTypeRequired }];
const categoryRules: FormRule[] = [{ required: true, message: MSG.terminalCategoryRequired }];
const typeOptions = TERMINAL_TYPES.map((type) => ({ value: type, label: TERMINAL_TYPE_NAMES[type] }));

/** 新增终端: registers a PAD or a handheld; a PAD takes a model and, optionally, a line. */
export function TerminalAddDialog({ open, defaultType, onClose }: TerminalAddDialogProps) {
  const [form] = Form.useForm<AddFields>();
  const { message } = App.useApp();
  const addTerminal = useAddTerminal();
  const terminalType = Form.useWatch('terminalType', form) ?? defaultType;
  const isPad = terminalType === 'PAD';
  const categories = useTerminalCategories('PAD', open);
  const lines = useLineOptions(open);

  useEffect(() => {
    if (open) form.setFieldsValue({ terminalType: defaultType });
  }, [open, defaultType, form]);

  const submit = async ({ categoryId, lineId, ...fields }: AddFields) => {
    try {
      await addTerminal.mutateAsync(isPad ? { ...fields, categoryId, lineId } : fields);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(MSG.terminalAdded);
    onClose();
  };

  return (
    <Modal
      title="新增终端"
      open={open}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={addTerminal.isPending}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form form={form} name="terminal-add" layout="vertical" onFinish={submit} autoComplete="off" initialValues={{ terminalType: defaultType }}>
        <Form.Item label="终端类型" name="terminalType" required rules={typeRules}>
          <Radio.Group options={typeOptions} optionType="button" buttonStyle="solid" />
        </Form.Item>
        <Form.Item label="终端编号" name="terminalCode" required normalize={trim} rules={codeRules}>
          <Input maxLength={TERMINAL_LIMITS.codeMax} placeholder="设备上的编号：英文字符、数字、下划线或中划线" />
        </Form.Item>
        <Form.Item label="终端名称" name="terminalName" required normalize={trim} rules={nameRules}>
          <Input maxLength={TERMINAL_LIMITS.nameMaxManage} placeholder="中英文字符或数字，最多12位" />
        </Form.Item>
        {isPad && (
          <Form.Item label="型号" name="categoryId" required rules={categoryRules}>
            <Select
              placeholder="请选择型号"
              loading={categories.isLoading}
              options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
            />
          </Form.Item>
        )}
        {isPad && (
          <Form.Item label="产线" name="lineId" extra="选择产线后终端处于空闲状态，可分配给该产线的任务">
            <Select
              allowClear
              placeholder="暂不分配产线"
              loading={lines.isLoading}
              options={(lines.data ?? []).map((line) => ({ value: line.id, label: `${line.lineName}（${line.lineNum}）` }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
