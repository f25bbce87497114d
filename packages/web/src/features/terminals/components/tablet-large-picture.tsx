import { useId } from 'react';
import { ScreenGradient } from './screen-gradient';

/** The 21.5-inch PAD: a wide 16:9 panel on a desk stand, the biggest of the three. */
export function TabletLargePicture({ title = '21.5寸平板' }: { title?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 120 96" role="img" aria-label={title} className="terminal-picture">
      <title>{title}</title>
      <ScreenGradient id={id} />
      {/* stand: neck and base */}
      <path d="M54 66 h12 l2.5 18 h-17 z" fill="#8d97a6" />
      <rect x="34" y="83" width="52" height="5" rx="2.5" fill="#a4adba" />
      <rect x="34" y="86.5" width="52" height="1.5" rx="0.75" fill="#7d8796" />
      {/* bezel and screen */}
      <rect x="6" y="6" width="108" height="62" rx="4" fill={`url(#${id}-body)`} />
      <rect x="10" y="10" width="100" height="54" rx="1.5" fill={`url(#${id}-screen)`} />
      <path d="M10 10 h46 l-22 54 h-24 z" fill={`url(#${id}-glare)`} />
      <circle cx="60" cy="8" r="1" fill="#0e1219" />
      <circle cx="60" cy="8" r="0.4" fill="#5d7aa8" />
    </svg>
  );
}
