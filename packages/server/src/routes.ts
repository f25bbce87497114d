import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config.js';
import type { Db } from './platform/db.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';

/** What every module receives: the database and the configuration, nothing global. */
export interface ModuleContext {
  db: Db;
  config: AppConfig;
}

/**
 * The whole API in one list. Each module registers absolute paths from
 * PATHS in @factory/contracts, so the console and tests use the same strings.
 */
const modules: ((context: ModuleContext) => FastifyPluginAsyncZod)[] = [sessionRoutes, menuRoutes];

export async function registerRoutes(app: FastifyInstance, context: ModuleContext): Promise<void> {
  for (const module of modules) await app.register(module(context));
}
