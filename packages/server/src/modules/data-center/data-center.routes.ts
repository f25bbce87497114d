import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 数据中心: the big-screen dashboard's calls (issue 7). */
export function dataCenterRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
