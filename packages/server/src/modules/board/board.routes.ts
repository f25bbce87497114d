import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 数据看板: the task board's calls (issue 7). */
export function boardRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
