import { LINE_LIMITS, lineName, lineNum, MSG, type ProductionLine } from '@factory/contracts';
import { App, Form, Input, Modal, type FormRule } from 'antd';
import { useEffect } from 'react';
import { showApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { useAddLine } from '../api/add-line';
import { useEditLine } from '../api/edit-line';

interface LineFields {
  lineName: string;
  lineNum: string;
}

interface LineFormDialogProps {
  open: boolean;
  factoryId: number | null;
  /** the line being edited; null adds a new one */
  line: ProductionLine | null;
  onClose(): void;
}

// The shared schemas trim, so the form does too: what is checked is what is sent.
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const nameRules: FormRule[] = [zodRule(lineName)];
const numRules: FormRule[] = [zodRule(lineNum)];

/** 新增产线 / 编辑产线: name and code, checked by the same rules the server applies (seed 000 §5). */
export function LineFormDialog({ open, factoryId, line, onClose }: LineFormDialogProps) {
  const [form] = Form.useForm<LineFields>();
  const { message } = App.useApp();
  const addLine = useAddLine();
  const editLine = useEditLine();
  const editing = line !== null;

  useEffect(() => {
    if (open) form.setFieldsValue({ lineName: line?.lineName ?? '', lineNum: line?.lineNum ?? '' });
  }, [open, line, form]);

  const submit = async (fields: LineFields) => {
    const target = line?.factoryId ?? factoryId;
    if (target === null) return;
    try {
      if (line) await editLine.mutateAsync({ id: line.id, factoryId: target, ...fields });
      else await addLine.mutateAsync({ factoryId: target, ...fields });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? MSG.lineEdited : MSG.lineAdded);
    onClose();
  };

  return (
    <Modal
      title={editing ? '编辑产线' : '新增产线'}
      open={open}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={addLine.isPending || editLine.isPending}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form form={form} name="line" layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item label="产线名称" name="lineName" required normalize={trim} rules={nameRules}>
          <Input maxLength={LINE_LIMITS.nameMax} placeholder="2-12位中英文字符、数字或下划线" />
        </Form.Item>
        <Form.Item label="产线编号" name="lineNum" required normalize={trim} rules={numRules}>
          <Input maxLength={LINE_LIMITS.numMax} placeholder="2-12位英文字符、数字或下划线" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
