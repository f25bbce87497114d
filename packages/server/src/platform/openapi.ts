import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { STREAM_TICKET_SECONDS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas that validate each route. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '工厂生产检测管理平台 API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // Live-event streams only (auth.ts `eventStream`): a session token is never taken from a url.
          streamTicket: {
            type: 'apiKey',
            in: 'query',
            name: 'ticket',
            description: `从对应的 eventsTicket 接口（POST，Bearer）取得；${STREAM_TICKET_SECONDS} 秒内有效，只能用于该事件流一次`,
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
