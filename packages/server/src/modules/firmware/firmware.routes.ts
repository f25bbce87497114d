import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

// Filled in by issue 4.
export function firmwareRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
