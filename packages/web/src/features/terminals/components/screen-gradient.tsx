/**
 * The screen fill every terminal picture shares: a deep blue with a soft light
 * from the top left, and a faint diagonal glare. `id` must be unique on the page.
 */
export function ScreenGradient({ id }: { id: string }) {
  return (
    <defs>
      <linearGradient id={`${id}-screen`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#4f86d9" />
        <stop offset="0.55" stopColor="#2a5aa8" />
        <stop offset="1" stopColor="#1a3a73" />
      </linearGradient>
      <linearGradient id={`${id}-glare`} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stopColor="#ffffff" stopOpacity="0.18" />
        <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
      </linearGradient>
      <linearGradient id={`${id}-body`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#3a4352" />
        <stop offset="1" stopColor="#232a35" />
      </linearGradient>
    </defs>
  );
}
