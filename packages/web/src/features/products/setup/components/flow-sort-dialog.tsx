import { MSG, type Flow } from '@factory/contracts';
import { App, Form, Modal, Select } from 'antd';
import { moveToPosition, type DropAction } from '../flow-layout';

interface FlowSortDialogProps {
  /** the flow being moved; null: closed */
  flow: Flow | null;
  flows: readonly Flow[];
  saving: boolean;
  onClose(): void;
  onMove(action: DropAction): Promise<boolean>;
}

interface SortFields {
  targetId?: number;
}

const targetRules = [{ required: true, message: '请选择目标位置' }];

/** 排序: move the flow to another flow's position (the flows between shift by one). */
export function FlowSortDialog({ flow, flows, saving, onClose, onMove }: FlowSortDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SortFields>();

  const submit = async ({ targetId }: SortFields) => {
    if (!flow || targetId === undefined) return;
    const action = moveToPosition(flows, flow.id, targetId);
    if (action === 'same') {
      void message.warning(MSG.flowSamePosition);
      return;
    }
    if (action && (await onMove(action))) onClose();
  };

  return (
    <Modal
      title={flow ? `流程${flow.order}排序` : '流程排序'}
      open={flow !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false} initialValues={{ targetId: undefined }}>
        <Form.Item label="目标位置" name="targetId" required rules={targetRules}>
          <Select
            aria-label="目标位置"
            placeholder="请选择目标位置"
            options={flows.map((candidate) => ({
              value: candidate.id,
              label: `流程${candidate.order} ${candidate.name}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
