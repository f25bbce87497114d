import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'onSend' | 'onResponse';

/** Per route and hook name, how many hooks addRouteHook has put in front of the route's own. */
const added = new WeakMap<RouteOptions, Partial<Record<HookName, number>>>();

/**
 * Gives one route (from an onRoute hook) a hook that would otherwise be the app's. A hook added with
 * app.addHook runs for every request, and an async one costs a promise and a turn of the hook runner even when
 * its first line returns (issue 19: the guard's, the operation log's two and the empty-body one ran on every GET
 * of a list); added here, it runs only where it has work. It runs where the app's hook ran: before the route's
 * own hooks (a quota check reads the account the guard sets), after those added here before it.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: (...args: never[]) => unknown): void {
  const own = route[name] as unknown;
  const list: unknown[] = own === undefined ? [] : Array.isArray(own) ? [...own] : [own];
  const counts = added.get(route) ?? {};
  const at = counts[name] ?? 0;
  list.splice(at, 0, hook);
  counts[name] = at + 1;
  added.set(route, counts);
  (route as unknown as Record<HookName, unknown>)[name] = list;
}
