import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 生产记录: records, flow check detail and history, record export, device trace (issue 7). */
export function recordRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
