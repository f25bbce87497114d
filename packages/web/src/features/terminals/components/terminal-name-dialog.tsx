import { MSG, TERMINAL_LIMITS, terminalName, type TerminalPad } from '@factory/contracts';
import { App, Form, Input, Modal, type FormRule } from 'antd';
import { useEffect } from 'react';
import { showApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { useEditTerminal } from '../api/edit-terminal';

interface NameFields {
  terminalName: string;
}

interface TerminalNameDialogProps {
  terminal: TerminalPad | null;
  open: boolean;
  onClose(): void;
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const nameRules: FormRule[] = [zodRule(terminalName)];

/** The detail page's rename: up to 16 letters, digits or Chinese characters (seed 000 §5). */
export function TerminalNameDialog({ terminal, open, onClose }: TerminalNameDialogProps) {
  const [form] = Form.useForm<NameFields>();
  const { message } = App.useApp();
  const editTerminal = useEditTerminal();

  useEffect(() => {
    if (open && terminal) form.setFieldsValue({ terminalName: terminal.padName });
  }, [open, terminal, form]);

  const submit = async (fields: NameFields) => {
    if (!terminal) return;
    try {
      await editTerminal.mutateAsync({
        terminalId: terminal.padId,
        terminalName: fields.terminalName,
        terminalType: terminal.terminalType,
        // Only the name changes: a PAD's line is sent back as it is.
        lineId: terminal.terminalType === 'PAD' ? terminal.lineId : undefined,
      });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(MSG.terminalEdited);
    onClose();
  };

  return (
    <Modal
      title="编辑终端名称"
      open={open}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={editTerminal.isPending}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form form={form} name="terminal-rename" layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item label="终端名称" name="terminalName" required normalize={trim} rules={nameRules}>
          <Input maxLength={TERMINAL_LIMITS.nameMax} placeholder="中英文字符或数字，最多16位" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
