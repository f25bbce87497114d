import type { ReactNode } from 'react';

/** A line of today's list: a row the server has, or one waiting to be sent (待上传). */
export interface TodayRow {
  key: string | number;
  time: string;
  code: ReactNode;
  flow: ReactNode;
  tag: ReactNode;
}

interface TodayPanelProps {
  summary: ReactNode;
  /** what the offline queue holds, in the refusal headline: 记录 or 结果 */
  queued: string;
  /** what the server refused on arrival, one line each */
  refused: { key: string; text: ReactNode }[];
  onDismissRefused: () => void;
  /** the waiting rows first, then the server's */
  rows: TodayRow[];
  empty: string;
}

/** A time of the server's (2025-11-21 09:12:44) as the list shows it: 09:12:44. */
export const clock = (time: string) => time.slice(11, 19) || time;
/** The local time of a queued row, as clock() shows the server's. */
export const clockOf = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

export const PENDING_TAG = <span className="tag tag--pending">待上传</span>;

/** Today's list at this terminal (results or movements): what waits to be sent, what the server refused, what it has. */
export function TodayPanel({ summary, queued, refused, onDismissRefused, rows, empty }: TodayPanelProps) {
  return (
    <section className="results" aria-label="今日记录">
      <header className="results__head">
        <h2>今日记录</h2>
        <span className="results__summary">{summary}</span>
      </header>
      {refused.length > 0 && (
        <div className="results__refused" role="alert">
          <div className="results__refused-head">
            <strong>
              {refused.length} 条离线{queued}被服务器拒绝
            </strong>
            <button type="button" onClick={onDismissRefused}>
              知道了
            </button>
          </div>
          {refused.map((entry) => (
            <div key={entry.key} className="results__refused-row">
              {entry.text}
            </div>
          ))}
        </div>
      )}
      <ul className="results__list">
        {rows.map((row) => (
          <li key={row.key} className="result-row">
            <span className="result-row__time">{row.time}</span>
            <span className="result-row__code">{row.code}</span>
            <span className="result-row__flow">{row.flow}</span>
            {row.tag}
          </li>
        ))}
        {rows.length === 0 && <li className="results__empty">{empty}</li>}
      </ul>
    </section>
  );
}
