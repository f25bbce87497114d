/**
 * Lets code outside React (the API client on an expired session) change route
 * through the router instead of reloading the page. The router registers itself;
 * before that, or without one, a full page load does the job.
 */
export type Navigator = (to: string) => void;

let current: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  current = next;
}

export function navigateTo(to: string): void {
  if (current) current(to);
  else window.location.assign(to);
}
