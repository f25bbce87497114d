import { STOCK_MOVEMENT_NAMES, type StockMovement } from '../lib/contracts';
import type { StockWriteKind } from '../lib/stock-api';
import { subjectOf } from '../lib/stock-api';
import type { QueuedStockWrite, RefusedStockWrite } from '../lib/stock-queue';

interface MovementsPanelProps {
  rows: StockMovement[];
  pending: QueuedStockWrite[];
  refused: RefusedStockWrite[];
  onDismissRefused: () => void;
}

export const WRITE_NAMES: Record<StockWriteKind, string> = { in: '入库', close: '结束入库', check: '抽检', out: '出库' };

const clock = (time: string) => time.slice(11, 19) || time;
const clockOf = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

function tagOf(row: StockMovement) {
  if (row.kind === 'CHECK') return row.checkPass ? <span className="tag tag--pass">合格</span> : <span className="tag tag--fail">不合格</span>;
  return <span className={`tag tag--${row.kind.toLowerCase()}`}>{STOCK_MOVEMENT_NAMES[row.kind]}</span>;
}

/** Today's movements at this terminal: what waits to be sent, what the server refused on arrival, what it applied. */
export function MovementsPanel({ rows, pending, refused, onDismissRefused }: MovementsPanelProps) {
  const count = (kind: StockMovement['kind']) => rows.filter((row) => row.kind === kind).length;
  return (
    <section className="results" aria-label="今日记录">
      <header className="results__head">
        <h2>今日记录</h2>
        <span className="results__summary">
          入库 {count('IN')} · 抽检 {count('CHECK')} · 出库 {count('OUT')}
        </span>
      </header>
      {refused.length > 0 && (
        <div className="results__refused" role="alert">
          <div className="results__refused-head">
            <strong>{refused.length} 条离线记录被服务器拒绝</strong>
            <button type="button" onClick={onDismissRefused}>
              知道了
            </button>
          </div>
          {refused.map((entry) => (
            <div key={entry.clientId} className="results__refused-row">
              {WRITE_NAMES[entry.kind]} {entry.subject}：{entry.message}
            </div>
          ))}
        </div>
      )}
      <ul className="results__list">
        {pending.map((entry) => (
          <li key={entry.write.body.clientId} className="result-row">
            <span className="result-row__time">{clockOf(entry.queuedAt)}</span>
            <span className="result-row__code">{subjectOf(entry.write)}</span>
            <span className="result-row__flow">{WRITE_NAMES[entry.write.kind]}</span>
            <span className="tag tag--pending">待上传</span>
          </li>
        ))}
        {rows.map((row) => (
          <li key={row.id} className="result-row">
            <span className="result-row__time">{clock(row.time)}</span>
            <span className="result-row__code">{row.kind === 'CLOSE' ? row.batchNo : (row.produceCode ?? row.sn ?? '—')}</span>
            <span className="result-row__flow">
              {row.kind === 'CHECK' ? '抽检 · ' : ''}批次 <span className="nowrap">{row.batchNo}</span>
            </span>
            {tagOf(row)}
          </li>
        ))}
        {rows.length === 0 && pending.length === 0 && <li className="results__empty">今天还没有记录</li>}
      </ul>
    </section>
  );
}
