import type { StationResultRow } from '../lib/contracts';
import type { QueuedResult, RefusedResult } from '../lib/result-queue';
import { clock, clockOf, PENDING_TAG, TodayPanel } from './today-panel';

interface ResultsPanelProps {
  rows: StationResultRow[];
  pending: QueuedResult[];
  refused: RefusedResult[];
  onDismissRefused: () => void;
}

/** Today's results at this terminal: what is waiting to be sent, what the server refused, what it stored. */
export function ResultsPanel({ rows, pending, refused, onDismissRefused }: ResultsPanelProps) {
  const passed = rows.filter((row) => row.status === 'TEST_SUCCESS').length;
  return (
    <TodayPanel
      summary={`共 ${rows.length} 条 · 合格 ${passed} · 不合格 ${rows.length - passed}`}
      queued="结果"
      refused={refused.map((entry) => ({ key: entry.clientResultId, text: `${entry.productionCode}（${entry.flowName}）：${entry.message}` }))}
      onDismissRefused={onDismissRefused}
      rows={[
        ...pending.map((entry) => ({
          key: `queued:${entry.body.clientResultId}`,
          time: clockOf(entry.body.endTime),
          code: entry.body.productionCode,
          flow: entry.flowName,
          tag: PENDING_TAG,
        })),
        ...rows.map((row) => ({
          key: row.resultId,
          time: clock(row.createTime),
          code: row.productionCode,
          flow: row.flowName,
          tag: row.status === 'TEST_SUCCESS' ? <span className="tag tag--pass">合格</span> : <span className="tag tag--fail">不合格</span>,
        })),
      ]}
      empty="今天还没有检测记录"
    />
  );
}
