import type { AnswerIn, AnyEndpoint, BodyOut, QueryOut } from '@factory/contracts';
import { envelopeOf } from '@factory/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ok } from './envelope.js';

/** The request of an endpoint's handler: its query and body as validated. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{ Querystring: QueryOut<E>; Body: BodyOut<E> }>;

/** What a route adds to its endpoint: server-only behaviour, never the schema or the permission. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'permission'>;
  preValidation?: RouteOptions['preValidation'];
  /** a check before the body is read (the guard's need can not say it: a button on any of several menus) */
  onRequest?: RouteOptions['onRequest'];
  bodyLimit?: number;
  /** the body's validation error goes to request.validationError and the handler runs (it answers the error itself) */
  attachValidation?: boolean;
  /**
   * The handler builds its answer field by field, typed by the contract: it is written out as built, not
   * parsed against the response schema again first (a station result's verdict, thousands a second: the
   * parse was 4% of the server's thread). Under the tests (VITEST) it is still parsed, so that an answer
   * drifting from its schema fails them.
   */
  trustedAnswer?: boolean;
  /** OpenAPI only: prose on the body (a multipart route names its parts here) */
  description?: string;
  /** OpenAPI only: the content types a multipart route takes (the fuzz suite reads it) */
  consumes?: readonly string[];
  /** OpenAPI only: how the route is opened when not by the bearer header alone (event streams: STREAM_SECURITY) */
  security?: readonly { [scheme: string]: string[] }[];
}

const writtenAsBuilt = (data: unknown) => JSON.stringify(data);

function register<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  extras: RouteExtras,
): void {
  const schema: Record<string, unknown> = { tags: [endpoint.tag], summary: endpoint.summary };
  if (extras.description) schema.description = extras.description;
  if (extras.consumes) schema.consumes = extras.consumes;
  if (extras.security) schema.security = extras.security;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response) schema.response = { 200: envelopeOf(endpoint.response) };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...extras.config, permission: endpoint.permission },
    schema,
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.attachValidation ? { attachValidation: true } : {}),
    ...(extras.trustedAnswer && !process.env.VITEST ? { serializerCompiler: () => writtenAsBuilt } : {}),
    handler,
  });
}

/**
 * Registers an endpoint of the contracts (issue 14): its path, method, schemas and
 * permission come from there; the handler returns the `data` of the envelope,
 * typed by the endpoint's response.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<AnswerIn<E>>,
  extras: RouteExtras = {},
): void {
  if (!endpoint.response) throw new Error(`${endpoint.path} answers raw: register it with rawRoute`);
  register(app, endpoint, async (request, reply) => ok(await handler(request as EndpointRequest<E>, reply)), extras);
}

/**
 * An endpoint that answers raw (a stored file, an xlsx export, an event stream):
 * the handler sends its own reply; errors still answer the envelope.
 */
export function rawRoute<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<unknown>,
  extras: RouteExtras = {},
): void {
  register(app, endpoint, (request, reply) => handler(request as EndpointRequest<E>, reply), extras);
}
