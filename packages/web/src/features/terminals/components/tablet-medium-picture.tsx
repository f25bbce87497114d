import { useId } from 'react';
import { ScreenGradient } from './screen-gradient';

/** The 15-inch PAD: a landscape 4:3 slate with a broad bezel, mid-sized. */
export function TabletMediumPicture({ title = '15寸平板' }: { title?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 120 96" role="img" aria-label={title} className="terminal-picture">
      <title>{title}</title>
      <ScreenGradient id={id} />
      <rect x="18" y="17" width="84" height="64" rx="6" fill={`url(#${id}-body)`} />
      <rect x="23.5" y="22.5" width="73" height="53" rx="2" fill={`url(#${id}-screen)`} />
      <path d="M23.5 22.5 h34 l-17 53 h-17 z" fill={`url(#${id}-glare)`} />
      {/* camera on the long top edge, home button on the right */}
      <circle cx="60" cy="19.8" r="0.95" fill="#0e1219" />
      <circle cx="60" cy="19.8" r="0.4" fill="#5d7aa8" />
      <circle cx="99.3" cy="49" r="1.3" fill="none" stroke="#596273" strokeWidth="0.6" />
    </svg>
  );
}
