import type { QueuedDtuResult, RefusedDtuResult, DtuTodayRow } from '../lib/dtu-result-queue';
import { codeOfBody } from '../lib/dtu-api';
import { clockOf, PENDING_TAG, TodayPanel } from './today-panel';

interface DtuResultsPanelProps {
  rows: DtuTodayRow[];
  pending: QueuedDtuResult[];
  refused: RefusedDtuResult[];
  onDismissRefused: () => void;
}

/** Today's parts-check results at this PAD: what waits to be sent, what the server refused, what it judged. */
export function DtuResultsPanel({ rows, pending, refused, onDismissRefused }: DtuResultsPanelProps) {
  const passed = rows.filter((row) => row.testStatus === 'PASS').length;
  return (
    <TodayPanel
      summary={`共 ${rows.length} 台 · 合格 ${passed} · 不合格 ${rows.length - passed}`}
      queued="结果"
      refused={refused.map((entry) => ({ key: entry.clientResultId, text: `${entry.code}（${entry.taskName}）：${entry.message}` }))}
      onDismissRefused={onDismissRefused}
      rows={[
        ...pending.map((entry) => ({
          key: `queued:${entry.body.clientResultId}`,
          time: clockOf(entry.queuedAt),
          code: codeOfBody(entry.body),
          flow: entry.taskName,
          tag: PENDING_TAG,
        })),
        ...rows.map((row) => ({
          key: row.clientResultId,
          time: clockOf(row.time),
          code: row.code,
          flow: row.taskName,
          tag: row.testStatus === 'PASS' ? <span className="tag tag--pass">合格</span> : <span className="tag tag--fail">不合格</span>,
        })),
      ]}
      empty="今天还没有检测记录"
    />
  );
}
