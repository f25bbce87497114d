import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../routes.js';

/** 生产编码: export, QR urls and the QR image (issue 5). */
export function productionCodeRoutes(_context: ModuleContext): FastifyPluginAsyncZod {
  return async () => {};
}
