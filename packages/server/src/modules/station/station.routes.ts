import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 工位: the station API the terminal app and the simulator use (issue 6, DESIGN.md §6). */
export function stationRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
