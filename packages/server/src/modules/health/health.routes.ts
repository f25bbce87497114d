import { HEALTH_ENDPOINTS as HEALTH, MSG } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { HttpError } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';

/** The longest the database may take to answer before the process is reported unhealthy. */
const DATABASE_WAIT_MS = 2_000;
const startedAt = Date.now();

/**
 * GET /api/health for load balancers and monitors (docs/operations.md): one trivial query,
 * bounded in time, so a process whose database is gone or stuck is taken out of the balance.
 */
export function healthRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, HEALTH.health, async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), DATABASE_WAIT_MS);
      });
      const answered = await Promise.race([
        sql`select 1`.execute(db.kysely).then(
          () => true,
          () => false,
        ),
        late,
      ]).finally(() => clearTimeout(timer));
      if (!answered) throw new HttpError(503, MSG.databaseUnavailable);
      return { database: 'ok' as const, dialect: db.dialect, uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000) };
    });
  };
}
