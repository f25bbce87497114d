import type { AnyEndpoint } from './endpoint.js';
import { LINE_ENDPOINTS } from './admin/line.endpoints.js';

/**
 * Every call of the API by name, one group per domain (issue 14). PATHS is read
 * from here; the server registers each with route(), and a test checks that
 * every endpoint is served and every served /api route is an endpoint.
 */
export const ENDPOINTS = {
  ...LINE_ENDPOINTS,
} as const satisfies Record<string, AnyEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The path of every endpoint, by the endpoint's name. */
export function pathsOf<T extends Record<string, AnyEndpoint>>(endpoints: T): { readonly [K in keyof T]: T[K]['path'] } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, call]) => [name, call.path])) as {
    readonly [K in keyof T]: T[K]['path'];
  };
}
