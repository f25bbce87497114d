import type { ReactNode } from 'react';

interface DashboardPanelProps {
  title: string;
  /** the grid area the panel takes (data-center-page.css) */
  area: string;
  /** beside the title: a switch, a note */
  extra?: ReactNode;
  children: ReactNode;
}

/** One titled panel of the dashboard's grid. */
export function DashboardPanel({ title, area, extra, children }: DashboardPanelProps) {
  return (
    <section className={`dc-panel dc-panel--${area}`} aria-label={title}>
      <header className="dc-panel__header">
        <h2 className="dc-panel__title">{title}</h2>
        {extra}
      </header>
      <div className="dc-panel__body">{children}</div>
    </section>
  );
}

export interface DashboardFigure {
  label: string;
  value: string | number;
  unit?: string;
  tone?: 'accent' | 'pass' | 'warn';
}

/** Labelled numbers: a term and its value. */
export function DashboardFigures({ figures, className }: { figures: DashboardFigure[]; className?: string }) {
  return (
    <dl className={['dc-figures', className].filter(Boolean).join(' ')}>
      {figures.map((figure) => (
        <div key={figure.label} className={`dc-figure${figure.tone ? ` dc-figure--${figure.tone}` : ''}`}>
          <dt className="dc-figure__label">{figure.label}</dt>
          <dd className="dc-figure__value">
            {figure.value}
            {figure.unit && <span className="dc-figure__unit">{figure.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
