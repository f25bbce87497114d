import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` whenever the returned element scrolls into view: the product
 * center puts it below its cards to load the next page (seed 001 §2, infinite scroll).
 */
export function useBottomSentinel<T extends Element>(onReach: () => void, active: boolean) {
  const ref = useRef<T>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      // start loading a little before the very bottom
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);

  return ref;
}
