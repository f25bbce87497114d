import { useId } from 'react';
import { ScreenGradient } from './screen-gradient';

/** The 11.5-inch PAD: an upright slate with a slim bezel, the smallest of the three. */
export function TabletSmallPicture({ title = '11.5寸平板' }: { title?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 120 96" role="img" aria-label={title} className="terminal-picture">
      <title>{title}</title>
      <ScreenGradient id={id} />
      <rect x="40" y="16" width="40" height="66" rx="5" fill={`url(#${id}-body)`} />
      <rect x="43" y="21" width="34" height="56" rx="1.5" fill={`url(#${id}-screen)`} />
      <path d="M43 21 h16 l-9 56 h-7 z" fill={`url(#${id}-glare)`} />
      <circle cx="60" cy="18.5" r="0.85" fill="#0e1219" />
      <circle cx="60" cy="18.5" r="0.35" fill="#5d7aa8" />
      <rect x="56" y="79" width="8" height="1" rx="0.5" fill="#596273" />
    </svg>
  );
}
