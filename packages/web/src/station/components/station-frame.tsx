import type { ReactNode } from 'react';
import type { StationSession } from '../lib/session';
import { OfflineBar, StationHeader } from './station-header';

interface StationFrameProps {
  session: StationSession;
  onLogout: () => void;
  /** writes of this terminal waiting in the offline queue, and a retry now */
  queued: number;
  onRetry: () => void;
  /** a modifier of the frame (station--pda) */
  className?: string;
  /** under the header: a PAD's task bar, a PDA's modes */
  bar?: ReactNode;
  /** today's list, beside the work (below it on a handheld) */
  side: ReactNode;
  /** what shows over the whole screen (a verdict, the work instruction) */
  overlays?: ReactNode;
  /** the work */
  children: ReactNode;
}

/** A terminal's page, PAD or PDA: header and offline bar on top, the work and today's list side by side. */
export function StationFrame({ session, onLogout, queued, onRetry, className, bar, side, overlays, children }: StationFrameProps) {
  return (
    <div className={className ? `station ${className}` : 'station'}>
      <div className="station-top">
        <StationHeader session={session} onLogout={onLogout} />
        <OfflineBar count={queued} onRetry={onRetry} />
      </div>
      {bar}
      <main className="station-main">
        <section className="station-work">{children}</section>
        <aside className="station-side">{side}</aside>
      </main>
      {overlays}
    </div>
  );
}
