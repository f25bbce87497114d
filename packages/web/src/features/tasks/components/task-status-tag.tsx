import { FLOW_STATUS_NAMES, TASK_STATUS_NAMES, type TaskStatus } from '@factory/contracts';
import { Tag } from 'antd';
import { FLOW_STATUS_COLORS, TASK_STATUS_COLORS } from '../task-view';

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  return <Tag color={TASK_STATUS_COLORS[status]}>{TASK_STATUS_NAMES[status]}</Tag>;
}

export function FlowStatusTag({ status }: { status: number }) {
  return <Tag color={FLOW_STATUS_COLORS[status] ?? 'default'}>{FLOW_STATUS_NAMES[status] ?? `状态${status}`}</Tag>;
}
