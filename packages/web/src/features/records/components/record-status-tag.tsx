import type { FlowResultStatus, TestStatus } from '@factory/contracts';
import { Tag } from 'antd';
import {
  checkResultName,
  FLOW_RESULT_COLORS,
  FLOW_RESULT_NAMES,
  TEST_STATUS_COLORS,
  TEST_STATUS_NAMES,
  TEST_STATUS_PENDING,
  UNTESTED,
} from '../record-view';

/** A device's overall status: 合格 / 不合格, or 检测中 while flows remain untested. */
export function TestStatusTag({ status }: { status: TestStatus | null }) {
  if (!status) return <Tag color="processing">{TEST_STATUS_PENDING}</Tag>;
  return <Tag color={TEST_STATUS_COLORS[status]}>{TEST_STATUS_NAMES[status]}</Tag>;
}

/** A flow result: 合格 / 不合格, or 未检测 when the device has none at that flow. */
export function FlowResultTag({ status }: { status: FlowResultStatus | null | undefined }) {
  if (!status) return <Tag>{UNTESTED}</Tag>;
  return <Tag color={FLOW_RESULT_COLORS[status]}>{FLOW_RESULT_NAMES[status]}</Tag>;
}

/** One check item's result (1 pass, 0 fail). */
export function CheckResultTag({ result }: { result: number }) {
  return <Tag color={result === 1 ? 'success' : 'error'}>{checkResultName(result)}</Tag>;
}
