import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

// Filled in by issue 3.
export function documentRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
