import type { ReactNode } from 'react';

interface StatusScreenProps {
  tone: 'idle' | 'stop' | 'finish' | 'error';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

// Drawn rather than typed: symbols such as ⏸ are missing from the CJK fonts terminals ship with.
const ICONS = {
  idle: (
    <>
      <circle cx="24" cy="24" r="15" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M24 15v10l7 5" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  stop: <rect x="14" y="14" width="20" height="20" rx="3" fill="currentColor" />,
  finish: <path d="M12 25l8 8 16-17" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />,
  error: (
    <>
      <path d="M24 11v17" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      <circle cx="24" cy="36" r="3" fill="currentColor" />
    </>
  ),
} as const;

/** A state with nothing to test: no task, a stopped or finished task, no connection yet. */
export function StatusScreen({ tone, title, children, action }: StatusScreenProps) {
  return (
    <div className={`status-screen status-screen--${tone}`} role="status">
      <div className="status-screen__icon" aria-hidden>
        <svg viewBox="0 0 48 48" width="52" height="52">
          {ICONS[tone]}
        </svg>
      </div>
      <h2 className="status-screen__title">{title}</h2>
      {children && <div className="status-screen__text">{children}</div>}
      {action}
    </div>
  );
}
