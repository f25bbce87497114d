import { useId } from 'react';
import { ScreenGradient } from './screen-gradient';

/** The handheld PDA: a tall scanner with its read window on top, a screen and a keypad. */
export function HandheldPicture({ title = '手持机' }: { title?: string }) {
  const id = useId();
  const keys = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      keys.push(<rect key={`${row}-${column}`} x={47.5 + column * 9} y={64 + row * 6} width="7" height="4" rx="1.2" fill="#4a5466" />);
    }
  }
  return (
    <svg viewBox="0 0 120 96" role="img" aria-label={title} className="terminal-picture">
      <title>{title}</title>
      <ScreenGradient id={id} />
      {/* scan window */}
      <rect x="49" y="4" width="22" height="7" rx="2" fill="#e8912d" />
      <rect x="52" y="6" width="16" height="2.5" rx="1" fill="#ffd08a" opacity="0.7" />
      <rect x="42" y="8" width="36" height="84" rx="8" fill={`url(#${id}-body)`} />
      <rect x="46" y="16" width="28" height="36" rx="1.5" fill={`url(#${id}-screen)`} />
      <path d="M46 16 h13 l-7 36 h-6 z" fill={`url(#${id}-glare)`} />
      <circle cx="60" cy="12.5" r="0.8" fill="#0e1219" />
      {/* the big scan trigger, then the keypad */}
      <rect x="52" y="55.5" width="16" height="5.5" rx="2.75" fill="#e8912d" />
      {keys}
    </svg>
  );
}
