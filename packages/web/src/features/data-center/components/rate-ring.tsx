const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A rate as a ring with its rounded percentage in the middle. */
export function RateRing({ label, percent, color }: { label: string; percent: number; color: string }) {
  const done = (Math.max(0, Math.min(100, percent)) / 100) * CIRCUMFERENCE;
  return (
    <div className="rate-ring" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="rate-ring__dial">
        <svg viewBox="0 0 100 100" aria-hidden>
          <circle className="rate-ring__track" cx="50" cy="50" r={RADIUS} />
          {done > 0 && (
            <circle
              className="rate-ring__bar"
              cx="50"
              cy="50"
              r={RADIUS}
              stroke={color}
              strokeDasharray={`${done} ${CIRCUMFERENCE}`}
              transform="rotate(-90 50 50)"
            />
          )}
        </svg>
        <span className="rate-ring__percent" style={{ color }}>
          {percent}
          <small>%</small>
        </span>
      </div>
      <span className="rate-ring__label">{label}</span>
    </div>
  );
}
