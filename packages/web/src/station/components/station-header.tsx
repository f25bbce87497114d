import type { StationSession } from '../lib/session';

interface StationHeaderProps {
  session: StationSession;
  onLogout: () => void;
}

/** The terminal and the operator signed in, with 退出: the same on a PAD and a PDA. */
export function StationHeader({ session, onLogout }: StationHeaderProps) {
  const { terminal, user } = session;
  return (
    <header className="station-header">
      <div className="station-header__terminal">
        <span className="station-header__name">{terminal.name}</span>
        <span className="station-header__code">{terminal.code}</span>
      </div>
      <div className="station-header__user">操作员：{user.userName}</div>
      <button type="button" className="station-header__logout" onClick={onLogout}>
        退出
      </button>
    </header>
  );
}

interface OfflineBarProps {
  /** writes of this terminal waiting for the server */
  count: number;
  onRetry: () => void;
}

/** 离线，N 条待上传, with a retry now; nothing while the queue is empty. */
export function OfflineBar({ count, onRetry }: OfflineBarProps) {
  if (count === 0) return null;
  return (
    <div className="offline-bar" role="status">
      <span>离线，{count} 条待上传</span>
      <button type="button" onClick={onRetry}>
        立即重试
      </button>
    </div>
  );
}
