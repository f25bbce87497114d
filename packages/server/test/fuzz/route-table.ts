import type { Permission } from '@factory/contracts';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppConfig } from '../../src/platform/config.js';
import { resultEventHub } from '../../src/platform/result-events.js';
import { registerRoutes } from '../../src/routes.js';

/** One route as the server registers it: what it needs (config) and how it validates (zod). */
export interface RouteInfo {
  method: string;
  /** Fastify's form: `/api/file/:key` */
  url: string;
  /** `GET /api/file/:key` */
  key: string;
  config: FastifyContextConfig;
  permission: Permission | undefined;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  consumes?: readonly string[];
}

interface RouteSchema extends FastifySchema {
  consumes?: readonly string[];
}

/**
 * The route table, read the way the guard reads it: an onRoute hook sees every
 * route's options. buildApp registers its hooks before the routes and offers no
 * way in, so the same `registerRoutes` runs once more on a bare instance (never
 * made ready, so no module's onReady work runs) with the test app's database and
 * configuration. The fuzz suite checks that this table and the OpenAPI document
 * of the real app list the same routes, so the two can not drift apart.
 */
export async function collectRoutes(app: FastifyInstance, config: AppConfig): Promise<RouteInfo[]> {
  const routes: RouteInfo[] = [];
  const bare = Fastify({ logger: false });
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  bare.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as RouteSchema;
    for (const method of methods) {
      // Fastify adds a HEAD route beside every GET; it answers as the GET does.
      if (method === 'HEAD') continue;
      const config = (route.config ?? {}) as FastifyContextConfig;
      routes.push({
        method,
        url: route.url,
        key: `${method} ${route.url}`,
        config,
        permission: config.permission,
        body: schema.body as ZodType | undefined,
        querystring: schema.querystring as ZodType | undefined,
        params: schema.params as ZodType | undefined,
        consumes: schema.consumes,
      });
    }
  });
  await registerRoutes(bare, { db: app.db, config, results: resultEventHub() });
  return routes.filter((route) => route.url.startsWith('/api/'));
}

/** Fastify's `/api/file/:key` as OpenAPI writes it: `/api/file/{key}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
