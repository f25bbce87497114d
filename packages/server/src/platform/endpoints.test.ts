import { type AnyEndpoint, ENDPOINTS, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { collectRoutes } from '../../test/fuzz/route-table.js';
import { withTestApp } from '../../test/test-app.js';

/**
 * Issue 14: every call is defined once, in the contracts. The server serves every
 * endpoint with the endpoint's own method, path and permission, and serves no /api
 * call that is not an endpoint (beside the few addresses that are not calls).
 */
const NOT_CALLS = new Set([
  // the stored files, by key (a wildcard under PATHS.file)
  `GET ${PATHS.file}/:key`,
  // a production code's QR image, by code
  `GET ${PATHS.productionCodeQr}/:file`,
]);

describe('the contracts’ endpoints and the served routes', () => {
  const t = withTestApp('sqlite', { signIn: false });

  it('serves every endpoint with its method, path and permission, and nothing else under /api', async () => {
    const routes = await collectRoutes(t.app, t.config);
    const served = new Map(routes.filter((route) => route.url.startsWith('/api/')).map((route) => [route.key, route]));
    const endpoints = Object.entries(ENDPOINTS) as [string, AnyEndpoint][];

    const missing = endpoints.filter(([, call]) => !served.has(`${call.method} ${call.path}`)).map(([name]) => name);
    expect(missing).toEqual([]);
    for (const [name, call] of endpoints) {
      expect(served.get(`${call.method} ${call.path}`)?.permission, name).toEqual(call.permission);
    }

    const defined = new Set(endpoints.map(([, call]) => `${call.method} ${call.path}`));
    const undefinedCalls = [...served.keys()].filter((key) => !defined.has(key) && !NOT_CALLS.has(key));
    expect(undefinedCalls).toEqual([]);
  });

  it('gives every endpoint its own path', () => {
    const keys = Object.values(ENDPOINTS).map((call: AnyEndpoint) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
