import type { MenuUrl } from '@factory/contracts';
import { useMatches } from 'react-router';

/**
 * What the route table says about a page, carried as the route's `handle` so the
 * layout, guard and pages read it from the match instead of a second lookup.
 */
export interface PageHandle {
  path: string;
  /** shown as the page heading (placeholders) and in the browser tab */
  title: string;
  /** the menu entry highlighted while this page is open; null leaves the highlight as it was */
  menuUrl: MenuUrl | null;
  hideHeader?: boolean;
  hideFooter?: boolean;
  fullscreenToggle?: boolean;
  /** pages that show their own progress and must not be covered by the loading overlay */
  noMask?: boolean;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'path' in handle;
}

/** The innermost matched page, or null while no page route matched. */
export function useCurrentPage(): PageHandle | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isPageHandle(handle)) return handle;
  }
  return null;
}
