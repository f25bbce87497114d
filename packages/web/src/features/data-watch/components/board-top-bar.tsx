import dayjs from 'dayjs';
import { taskNumberText } from '../../../components/task-number';
import { WallClock } from '../../../components/wall-clock';
import { APP_TITLE } from '../../../lib/app-title';

interface BoardTopBarProps {
  /** the task's own number, as the task list and the code export give it; null when the address names none */
  taskId: number | null;
  productNumber: string;
  lineName: string;
  /** e.g. 生产进度 1/4 */
  slideCaption: string;
  /** when the board last heard from the server; null before the first answer */
  updatedAt: number | null;
  failing: boolean;
  onLogo: () => void;
}

/** The board's top bar: logo (back to the task list), what is being made where, and the time. */
export function BoardTopBar({ taskId, productNumber, lineName, slideCaption, updatedAt, failing, onLogo }: BoardTopBarProps) {
  return (
    <header className="board-top-bar">
      <div className="board-top-bar__side">
        <button type="button" className="board-logo" aria-label="返回产线检测" title="返回产线检测" onClick={onLogo}>
          <BoardMark />
          <span className="board-logo__name">{APP_TITLE}</span>
        </button>
      </div>
      <div className="board-top-bar__title">
        {/* the page's name for assistive tech; the screen itself leads with what is being made where */}
        <h1 className="board-sr-only">数据看板</h1>
        <h2 className="board-top-bar__task">
          {taskId !== null && (
            <>
              <span aria-label="任务编号">任务 {taskNumberText(taskId)}</span>
              <span className="board-top-bar__dot" aria-hidden>
                ·
              </span>
            </>
          )}
          <span aria-label="产品型号">{productNumber || '—'}</span>
          <span className="board-top-bar__dot" aria-hidden>
            ·
          </span>
          <span aria-label="产线">{lineName || '—'}</span>
        </h2>
        <p className="board-top-bar__slide">{slideCaption}</p>
      </div>
      <div className="board-top-bar__side board-top-bar__side--end">
        <WallClock className="board-clock" order="time-date" />
        <p className={failing ? 'board-top-bar__status board-top-bar__status--failing' : 'board-top-bar__status'} role="status">
          {failing ? '部分数据获取失败，稍后自动重试' : updatedAt ? `数据更新于 ${dayjs(updatedAt).format('HH:mm:ss')}` : '数据加载中'}
        </p>
      </div>
    </header>
  );
}

/** The product's mark: a gauge needle over a production line. */
function BoardMark() {
  return (
    <svg className="board-logo__mark" viewBox="0 0 48 48" aria-hidden>
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#1d5fbf" />
      <path d="M10 31a14 14 0 0 1 28 0" fill="none" stroke="#9fe6ff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M24 31l7-10" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="24" cy="31" r="3" fill="#ffffff" />
      <path d="M10 38h28" stroke="#36d399" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
