import dayjs from 'dayjs';
import { WallClock } from '../../../components/wall-clock';
import { APP_TITLE } from '../../../lib/app-title';

interface DtuBoardTopBarProps {
  taskName: string;
  dtuNumber: string;
  /** when the board last heard from the server; null before the first answer */
  updatedAt: number | null;
  failing: boolean;
  onLogo: () => void;
}

/** The DTU board's top bar: the logo (back, out of full screen), the task and its DTU, and the clock. */
export function DtuBoardTopBar({ taskName, dtuNumber, updatedAt, failing, onLogo }: DtuBoardTopBarProps) {
  return (
    <header className="dtu-board-top">
      <div className="dtu-board-top__side">
        <button type="button" className="dtu-board-logo" aria-label="返回" title="返回" onClick={onLogo}>
          <BoardMark />
          <span className="dtu-board-logo__name">{APP_TITLE}</span>
        </button>
      </div>
      <div className="dtu-board-top__title">
        <h1 className="dtu-board-sr-only">DTU生产看板</h1>
        <h2 className="dtu-board-top__task">
          <span aria-label="任务名称">{taskName || '—'}</span>
          <span className="dtu-board-top__dot" aria-hidden>
            ·
          </span>
          <span aria-label="DTU型号">{dtuNumber || '—'}</span>
        </h2>
        <p className="dtu-board-top__caption">DTU生产看板</p>
      </div>
      <div className="dtu-board-top__side dtu-board-top__side--end">
        <WallClock className="dtu-board-clock" order="time-date" />
        <p className={failing ? 'dtu-board-top__status dtu-board-top__status--failing' : 'dtu-board-top__status'} role="status">
          {failing ? '数据获取失败，稍后自动重试' : updatedAt ? `数据更新于 ${dayjs(updatedAt).format('HH:mm:ss')}` : '数据加载中'}
        </p>
      </div>
    </header>
  );
}

/** The product's mark: a gauge needle over a production line (as on the production board). */
function BoardMark() {
  return (
    <svg className="dtu-board-logo__mark" viewBox="0 0 48 48" aria-hidden>
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#1d5fbf" />
      <path d="M10 31a14 14 0 0 1 28 0" fill="none" stroke="#9fe6ff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M24 31l7-10" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="24" cy="31" r="3" fill="#ffffff" />
      <path d="M10 38h28" stroke="#36d399" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
