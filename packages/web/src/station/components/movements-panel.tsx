import { STOCK_MOVEMENT_NAMES, type StockMovement } from '../lib/contracts';
import type { StockWriteKind } from '../lib/stock-api';
import { subjectOf } from '../lib/stock-api';
import type { QueuedStockWrite, RefusedStockWrite } from '../lib/stock-queue';
import { clock, clockOf, PENDING_TAG, TodayPanel } from './today-panel';

interface MovementsPanelProps {
  rows: StockMovement[];
  pending: QueuedStockWrite[];
  refused: RefusedStockWrite[];
  onDismissRefused: () => void;
}

export const WRITE_NAMES: Record<StockWriteKind, string> = { in: '入库', close: '结束入库', check: '抽检', out: '出库' };

function tagOf(row: StockMovement) {
  if (row.kind === 'CHECK') return row.checkPass ? <span className="tag tag--pass">合格</span> : <span className="tag tag--fail">不合格</span>;
  return <span className={`tag tag--${row.kind.toLowerCase()}`}>{STOCK_MOVEMENT_NAMES[row.kind]}</span>;
}

/** Today's movements at this terminal: what waits to be sent, what the server refused on arrival, what it applied. */
export function MovementsPanel({ rows, pending, refused, onDismissRefused }: MovementsPanelProps) {
  const count = (kind: StockMovement['kind']) => rows.filter((row) => row.kind === kind).length;
  return (
    <TodayPanel
      summary={`入库 ${count('IN')} · 抽检 ${count('CHECK')} · 出库 ${count('OUT')}`}
      queued="记录"
      refused={refused.map((entry) => ({ key: entry.clientId, text: `${WRITE_NAMES[entry.kind]} ${entry.subject}：${entry.message}` }))}
      onDismissRefused={onDismissRefused}
      rows={[
        ...pending.map((entry) => ({
          key: `queued:${entry.write.body.clientId}`,
          time: clockOf(entry.queuedAt),
          code: subjectOf(entry.write),
          flow: WRITE_NAMES[entry.write.kind],
          tag: PENDING_TAG,
        })),
        ...rows.map((row) => ({
          key: row.id,
          time: clock(row.time),
          code: row.kind === 'CLOSE' ? row.batchNo : (row.produceCode ?? row.sn ?? '—'),
          flow: (
            <>
              {row.kind === 'CHECK' ? '抽检 · ' : ''}批次 <span className="nowrap">{row.batchNo}</span>
            </>
          ),
          tag: tagOf(row),
        })),
      ]}
      empty="今天还没有记录"
    />
  );
}
