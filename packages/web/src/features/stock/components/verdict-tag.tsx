import { BATCH_VERDICT_NAMES, type BatchVerdict, STOCK_BATCH_STATUS_NAMES, type StockBatchStatus } from '@factory/contracts';
import { Tag } from 'antd';
import { EMPTY } from '../stock-view';

const VERDICT_COLORS: Record<BatchVerdict, string> = { PENDING: 'processing', ACCEPT: 'success', REJECT: 'error' };

/** A batch's verdict; a batch still taking units (入库中) has none yet. */
export function VerdictTag({ status, verdict }: { status: StockBatchStatus; verdict: BatchVerdict }) {
  if (status === 'OPEN') return <Tag color="default">{STOCK_BATCH_STATUS_NAMES.OPEN}</Tag>;
  return <Tag color={VERDICT_COLORS[verdict]}>{BATCH_VERDICT_NAMES[verdict]}</Tag>;
}

/** A unit's spot-check result: 合格, 不合格, or '-' while it was not checked. */
export function CheckResult({ pass }: { pass: boolean | null }) {
  if (pass === null) return EMPTY;
  return <Tag color={pass ? 'success' : 'error'}>{pass ? '合格' : '不合格'}</Tag>;
}
