import type { StationResultRow } from '../lib/contracts';
import type { QueuedResult, RefusedResult } from '../lib/result-queue';

interface ResultsPanelProps {
  rows: StationResultRow[];
  pending: QueuedResult[];
  refused: RefusedResult[];
  onDismissRefused: () => void;
}

const clock = (time: string) => time.slice(11, 19) || time;
const clockOf = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/** Today's results at this terminal: what is waiting to be sent, what the server refused, what it stored. */
export function ResultsPanel({ rows, pending, refused, onDismissRefused }: ResultsPanelProps) {
  const passed = rows.filter((row) => row.status === 'TEST_SUCCESS').length;
  return (
    <section className="results" aria-label="今日记录">
      <header className="results__head">
        <h2>今日记录</h2>
        <span className="results__summary">
          共 {rows.length} 条 · 合格 {passed} · 不合格 {rows.length - passed}
        </span>
      </header>
      {refused.length > 0 && (
        <div className="results__refused" role="alert">
          <div className="results__refused-head">
            <strong>{refused.length} 条离线结果被服务器拒绝</strong>
            <button type="button" onClick={onDismissRefused}>
              知道了
            </button>
          </div>
          {refused.map((entry) => (
            <div key={entry.clientResultId} className="results__refused-row">
              {entry.productionCode}（{entry.flowName}）：{entry.message}
            </div>
          ))}
        </div>
      )}
      <ul className="results__list">
        {pending.map((entry) => (
          <li key={entry.body.clientResultId} className="result-row">
            <span className="result-row__time">{clockOf(entry.body.endTime)}</span>
            <span className="result-row__code">{entry.body.productionCode}</span>
            <span className="result-row__flow">{entry.flowName}</span>
            <span className="tag tag--pending">待上传</span>
          </li>
        ))}
        {rows.map((row) => (
          <li key={row.resultId} className="result-row">
            <span className="result-row__time">{clock(row.createTime)}</span>
            <span className="result-row__code">{row.productionCode}</span>
            <span className="result-row__flow">{row.flowName}</span>
            {row.status === 'TEST_SUCCESS' ? <span className="tag tag--pass">合格</span> : <span className="tag tag--fail">不合格</span>}
          </li>
        ))}
        {rows.length === 0 && pending.length === 0 && <li className="results__empty">今天还没有检测记录</li>}
      </ul>
    </section>
  );
}
