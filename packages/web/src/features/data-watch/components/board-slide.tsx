import type { ReactNode } from 'react';

/** One slide of the board: its title, an optional note on the right, and its content. */
export function BoardSlide({ title, note, className, children }: { title: string; note?: ReactNode; className: string; children: ReactNode }) {
  return (
    <section className={`board-slide ${className}`} aria-label={title}>
      <header className="board-slide__header">
        <h2 className="board-slide__title">{title}</h2>
        {note && <div className="board-slide__note">{note}</div>}
      </header>
      <div className="board-slide__body">{children}</div>
    </section>
  );
}

/** A titled box inside a slide. */
export function BoardPanel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={['board-panel', className].filter(Boolean).join(' ')}>
      <h3 className="board-panel__title">{title}</h3>
      <div className="board-panel__body">{children}</div>
    </div>
  );
}
