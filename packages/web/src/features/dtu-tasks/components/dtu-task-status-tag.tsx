import { DTU_TASK_STATUS_NAMES, type DtuTaskStatus } from '@factory/contracts';
import { Tag } from 'antd';
import { DTU_TASK_STATUS_COLORS } from '../dtu-tasks-view';

export function DtuTaskStatusTag({ status }: { status: DtuTaskStatus }) {
  return <Tag color={DTU_TASK_STATUS_COLORS[status]}>{DTU_TASK_STATUS_NAMES[status]}</Tag>;
}
