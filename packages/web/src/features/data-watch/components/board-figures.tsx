import type { ReactNode } from 'react';

export interface BoardFigure {
  label: string;
  value: ReactNode;
  unit?: string;
  /** a second line under the value */
  note?: string;
  tone?: 'accent' | 'pass' | 'warn';
}

/** Big labelled numbers: a term and its value, read from across the line. */
export function BoardFigures({ label, figures, className }: { label: string; figures: BoardFigure[]; className?: string }) {
  return (
    <dl className={['board-figures', className].filter(Boolean).join(' ')} aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.label} className={`board-figure${figure.tone ? ` board-figure--${figure.tone}` : ''}`}>
          <dt className="board-figure__label">{figure.label}</dt>
          <dd className="board-figure__value">
            {figure.value}
            {figure.unit && <span className="board-figure__unit">{figure.unit}</span>}
          </dd>
          {figure.note && <dd className="board-figure__note">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
