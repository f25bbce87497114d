import { MSG, TERMINAL_LIMITS, terminalName, type TerminalPad } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, type FormRule } from 'antd';
import { useEffect } from 'react';
import { showApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { useEditTerminal } from '../api/edit-terminal';
import { useLineOptions } from '../api/get-line-options';
import { mayChangeLine, TERMINAL_TYPE_NAMES } from '../terminal-view';
import './terminal-edit-drawer.css';

interface EditFields {
  terminalName: string;
  lineId?: number | null;
}

interface TerminalEditDrawerProps {
  /** the terminal being edited; null keeps the drawer closed */
  terminal: TerminalPad | null;
  open: boolean;
  onClose(): void;
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const nameRules: FormRule[] = [zodRule(terminalName)];

/** The side panel of 终端管理: the name, and the line of an unused or idle PAD (seed 000 §2). */
export function TerminalEditDrawer({ terminal, open, onClose }: TerminalEditDrawerProps) {
  const [form] = Form.useForm<EditFields>();
  const { message } = App.useApp();
  const editTerminal = useEditTerminal();
  const lineEditable = terminal !== null && mayChangeLine(terminal);
  const lines = useLineOptions(open && lineEditable);

  useEffect(() => {
    if (open && terminal) form.setFieldsValue({ terminalName: terminal.padName, lineId: terminal.lineId ?? undefined });
  }, [open, terminal, form]);

  const submit = async (fields: EditFields) => {
    if (!terminal) return;
    const isPad = terminal.terminalType === 'PAD';
    try {
      await editTerminal.mutateAsync({
        terminalId: terminal.padId,
        terminalName: fields.terminalName,
        terminalType: terminal.terminalType,
        // A PAD on a task keeps its line: it is sent back unchanged. A PDA has none.
        lineId: !isPad ? undefined : lineEditable ? (fields.lineId ?? null) : terminal.lineId,
      });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(MSG.terminalEdited);
    onClose();
  };

  // The line the PAD is on stays choosable even if it was stopped since.
  const lineOptions = (lines.data ?? []).map((line) => ({ value: line.id, label: `${line.lineName}（${line.lineNum}）` }));
  if (terminal?.lineId != null && terminal.lineName && !lineOptions.some((option) => option.value === terminal.lineId)) {
    lineOptions.unshift({ value: terminal.lineId, label: terminal.lineName });
  }

  return (
    <Drawer
      title="编辑终端"
      open={open}
      size={400}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) form.resetFields();
      }}
      forceRender
      footer={
        <div className="terminal-edit-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={editTerminal.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </div>
      }
    >
      <Form form={form} name="terminal-edit" layout="vertical" onFinish={submit} autoComplete="off">
        {terminal && (
          <Form.Item label="终端ID">
            <span>
              {terminal.padCode}（{TERMINAL_TYPE_NAMES[terminal.terminalType]}）
            </span>
          </Form.Item>
        )}
        <Form.Item label="终端名称" name="terminalName" required normalize={trim} rules={nameRules}>
          <Input maxLength={TERMINAL_LIMITS.nameMaxManage} placeholder="中英文字符或数字，最多12位" />
        </Form.Item>
        {lineEditable && (
          <Form.Item label="产线" name="lineId" extra="不选择产线时，终端回到未使用状态">
            <Select
              allowClear
              placeholder="请选择产线"
              loading={lines.isLoading}
              options={lineOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
