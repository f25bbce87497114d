import { Tag } from 'antd';

/** Status 0 停用 / 1 启用 of lines, users and roles (seed 000 §4). */
export const STATUS_NAMES: Record<number, string> = { 0: '停用', 1: '启用' };

export const STATUS_OPTIONS = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
];

export function StatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'success' : 'default'}>{STATUS_NAMES[status] ?? status}</Tag>;
}
