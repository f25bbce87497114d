import { type Envelope, type HealthStatus, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dbOf } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('the health check on %s', (dialect) => {
  const t = withTestApp(dialect, { signIn: false });

  it('answers 200 without a session while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: PATHS.health });
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope<HealthStatus>>();
    expect(body.code).toBe(1);
    expect(body.data).toEqual({ database: 'ok', dialect, uptimeSeconds: expect.any(Number) });
    expect(response.headers['cache-control'] ?? '').not.toContain('max-age');
  });

  it('answers 503 with its message when the database does not answer within two seconds', async () => {
    // Every connection held by a transaction that waits: the check's query cannot get one.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: dialect === 'postgres' ? 10 : 1 }, () =>
      dbOf(t.app)
        .transaction()
        .execute(() => gate),
    );
    try {
      const started = Date.now();
      const response = await t.app.inject({ method: 'GET', url: PATHS.health });
      expect(response.statusCode).toBe(503);
      expect(response.json<Envelope<null>>()).toMatchObject({ code: 0, data: null, errorMsg: MSG.databaseUnavailable });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await t.app.inject({ method: 'GET', url: PATHS.health })).statusCode, 'healthy again once they are let go').toBe(200);
  });
});
