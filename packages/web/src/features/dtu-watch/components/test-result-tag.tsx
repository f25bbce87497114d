import { DTU_TEST_STATUS_NAMES, type DtuTestStatus, MANAGE_STATUS_NAMES, type ManageStatus } from '@factory/contracts';
import { Tag } from 'antd';

/** A unit's result (seed 002 §4): 成功 / 失败, and 检测中 while it has none yet. */
export function TestResultTag({ status }: { status: DtuTestStatus | null }) {
  if (status === null) return <Tag color="processing">检测中</Tag>;
  return <Tag color={status === 'PASS' ? 'success' : 'error'}>{DTU_TEST_STATUS_NAMES[status]}</Tag>;
}

/** A unit's submit status (seed 002 §4): 未提交 / 已提交. */
export function ManageStatusTag({ status }: { status: ManageStatus }) {
  return <Tag color={status === 'SUBMIT' ? 'blue' : 'default'}>{MANAGE_STATUS_NAMES[status]}</Tag>;
}

/** One judged item: 通过 / 不通过, and 未检测 when it has no verdict. */
export function ItemResultTag({ pass }: { pass: boolean | null }) {
  if (pass === null) return <Tag>未检测</Tag>;
  return <Tag color={pass ? 'success' : 'error'}>{pass ? '通过' : '不通过'}</Tag>;
}
