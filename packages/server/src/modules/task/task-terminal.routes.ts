import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 终端设置: the PADs step 2 offers and their assignment to flows (issue 5). */
export function taskTerminalRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
