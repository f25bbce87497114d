import { type RefObject, useEffect } from 'react';

/** Fields that take typing themselves, and panels that keep their own focus; a tap anywhere else hands the focus back to the scan field. */
const OWN_FOCUS = 'input, select, textarea, .pdf-panel, [data-own-focus]';

/**
 * Scanner-first: a keyboard-wedge scanner types into whatever has the focus, so
 * the scan field takes it at once and back after a tap elsewhere, or when the
 * focus falls back to the page (a field removed, a button that took it).
 */
export function useScanFocus(ref: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const scan = () => ref.current?.focus({ preventScroll: true });
    scan();
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (target?.closest(OWN_FOCUS)) return;
      scan();
    };
    const onFocusOut = () =>
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) scan();
      }, 0);
    document.addEventListener('click', onClick);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [ref]);
}
