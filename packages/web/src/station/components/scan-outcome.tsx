/** What became of a scan: done (green), refused by the server (red, its message naming the unit) or queued offline. */
export interface ScanOutcome {
  /** a number of its own, so the same result twice is still two outcomes */
  id: number;
  tone: 'pass' | 'fail' | 'queued';
  title: string;
  detail?: string;
}

const ICONS = { pass: '✓', fail: '✗', queued: '…' } as const;

/** The latest scan's outcome, big and across the whole width; the few before it small below. */
export function ScanOutcomes({ outcomes }: { outcomes: ScanOutcome[] }) {
  const [latest, ...earlier] = outcomes;
  if (!latest) return null;
  return (
    <div className="outcomes">
      <div
        key={latest.id}
        className={`outcome outcome--${latest.tone}`}
        role={latest.tone === 'fail' ? 'alert' : 'status'}
        aria-label="扫码结果"
      >
        <span className="outcome__icon" aria-hidden>
          {ICONS[latest.tone]}
        </span>
        <div className="outcome__text">
          <div className="outcome__title">{latest.title}</div>
          {latest.detail && <div className="outcome__detail">{latest.detail}</div>}
        </div>
      </div>
      {earlier.length > 0 && (
        <ul className="outcomes__earlier" aria-label="之前的扫码">
          {earlier.map((outcome) => (
            <li key={outcome.id} className={`outcomes__row outcomes__row--${outcome.tone}`}>
              {outcome.title}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How many earlier outcomes stay in view below the latest. */
const KEPT = 4;
let nextId = 1;

/** The list with a new outcome on top. */
export function withOutcome(outcomes: ScanOutcome[], outcome: Omit<ScanOutcome, 'id'>): ScanOutcome[] {
  return [{ ...outcome, id: nextId++ }, ...outcomes].slice(0, KEPT + 1);
}

/** A refusal is also felt on a handheld that can vibrate (the station makes no sound). */
export function signalRefusal(): void {
  try {
    navigator.vibrate?.([120, 60, 120]);
  } catch {
    // not allowed here (no user gesture yet): the red block is enough
  }
}
