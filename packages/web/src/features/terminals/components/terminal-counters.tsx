import { TERMINAL_STATUS, type TerminalList, type TerminalType } from '@factory/contracts';
import './terminal-counters.css';

type Counts = Pick<TerminalList, 'total' | 'freeCount' | 'usedCount' | 'overallCheckCount' | 'partsCheckCount' | 'noTaskCount'>;

interface Counter {
  label: string;
  /** the status it filters by; undefined is 全部 */
  status: number | undefined;
  count: (counts: Counts) => number;
}

/** seed 000 §2: the counters of each tab and the status code each filters by. */
const COUNTERS: Record<TerminalType, Counter[]> = {
  PAD: [
    { label: '全部', status: undefined, count: (c) => c.total },
    { label: '未使用', status: TERMINAL_STATUS.unused, count: (c) => c.freeCount },
    { label: '整机检测中', status: TERMINAL_STATUS.overallCheck, count: (c) => c.overallCheckCount },
    { label: '配件检测中', status: TERMINAL_STATUS.partsCheck, count: (c) => c.partsCheckCount },
    { label: '空闲', status: TERMINAL_STATUS.idle, count: (c) => c.noTaskCount },
  ],
  PDA: [
    { label: '全部', status: undefined, count: (c) => c.total },
    { label: '未使用', status: TERMINAL_STATUS.unused, count: (c) => c.freeCount },
    { label: '使用中', status: TERMINAL_STATUS.used, count: (c) => c.usedCount },
  ],
};

interface TerminalCountersProps {
  terminalType: TerminalType;
  counts: Counts | undefined;
  status: number | undefined;
  /** undefined clears the filter: 全部, or the chosen counter clicked again */
  onStatusChange(status: number | undefined): void;
}

/** The counters row; each counter filters the cards by its status. */
export function TerminalCounters({ terminalType, counts, status, onStatusChange }: TerminalCountersProps) {
  return (
    <div className="terminal-counters" role="group" aria-label="终端状态">
      {COUNTERS[terminalType].map((counter) => {
        const active = counter.status === status;
        return (
          <button
            key={counter.label}
            type="button"
            aria-pressed={active}
            className={active ? 'terminal-counter terminal-counter--active' : 'terminal-counter'}
            onClick={() => onStatusChange(active ? undefined : counter.status)}
          >
            <span className="terminal-counter__count">{counts ? counter.count(counts) : '-'}</span>
            <span className="terminal-counter__label">{counter.label}</span>
          </button>
        );
      })}
    </div>
  );
}
