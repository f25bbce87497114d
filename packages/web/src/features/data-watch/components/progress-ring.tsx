const RADIUS = 86;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring that scales with its box (the task's progress, 0–100). */
export function ProgressRing({ percent, label, caption }: { percent: number; label: string; caption: string }) {
  const done = (Math.max(0, Math.min(100, percent)) / 100) * CIRCUMFERENCE;
  return (
    <div className="progress-ring" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <svg viewBox="0 0 200 200" aria-hidden>
        <defs>
          <linearGradient id="progress-ring-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#3fd0ff" />
            <stop offset="100%" stopColor="#36d399" />
          </linearGradient>
        </defs>
        <circle className="progress-ring__track" cx="100" cy="100" r={RADIUS} />
        {done > 0 && (
          <circle
            className="progress-ring__bar"
            cx="100"
            cy="100"
            r={RADIUS}
            stroke="url(#progress-ring-gradient)"
            strokeDasharray={`${done} ${CIRCUMFERENCE}`}
            transform="rotate(-90 100 100)"
          />
        )}
      </svg>
      <div className="progress-ring__center">
        <span className="progress-ring__percent">
          {percent}
          <small>%</small>
        </span>
        <span className="progress-ring__caption">{caption}</span>
      </div>
    </div>
  );
}
