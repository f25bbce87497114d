import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 生产任务: list, create, edit, transitions, detail (issue 5). */
export function taskRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
