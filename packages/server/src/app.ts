import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@factory/contracts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { redactedUrl, registerGuard } from './platform/auth.js';
import type { AppConfig } from './platform/config.js';
import { registerConsole } from './platform/console.js';
import { registerDtuReportIntake } from './platform/dtu-report-intake.js';
import { type Db, openDb, type OpenDbOptions } from './platform/db.js';
import { registerErrorHandler } from './platform/error-handler.js';
import { guardedValidatorCompiler } from './platform/input-guard.js';
import { migrate } from './platform/migrate.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerOperationLog } from './platform/operation-log.js';
import { usePasswordHashCost } from './platform/password.js';
import { registerRequestScope } from './platform/request-scope.js';
import { seed } from './platform/seed.js';
import { resultEventHub } from './platform/result-events.js';
import { type ResultRelay, relayResultEvents } from './platform/result-relay.js';
import { addRouteHook } from './platform/route-hooks.js';
import { envelopeRoutingOptions } from './platform/routing-errors.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { registerRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface BuildOptions extends OpenDbOptions {
  /** pino options; false silences the log (tests) */
  logger?: boolean | { level: string };
}

/** Builds the whole server without listening, so tests drive it with app.inject. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            // Event streams take a one-use ticket in the url (auth.ts): the log never shows it.
            serializers: {
              req: (request: { method: string; url: string; id: string; ip?: string }) => ({
                id: request.id,
                method: request.method,
                url: redactedUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 10 * 1024 * 1024,
    // Behind a load balancer the connection is the balancer's: the caller is who it names (sign-in lockouts count per caller).
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
    // A bad url, an overlong path parameter, a request the HTTP parser refuses: the envelope too.
    ...envelopeRoutingOptions,
  }).withTypeProvider<ZodTypeProvider>();

  const db = openDb(config.databaseUrl, options);
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.kysely.destroy();
  });

  usePasswordHashCost(config.passwordHashCost);
  await migrate(db);
  await seed(db, config, app.log);
  fs.mkdirSync(config.filesDir, { recursive: true });

  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First among the plugins, so that every answer of every route carries the headers.
  await registerSecurityHeaders(app);
  await app.register(formBody);
  // Files stream to disk (platform/files.ts); the limit here is the hard stop past 20 MB.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20 } });
  // A post without a body is validated as {} so required fields answer their own message (on routes with a body).
  const emptyBody = async (request: FastifyRequest) => {
    if (request.body === undefined) request.body = {};
  };
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) addRouteHook(route, 'preValidation', emptyBody);
  });
  // Set first thing, as the security headers are: every answer carries it, refusals and streams included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });

  registerGuard(app, db, config);
  registerRequestScope(app, db);
  registerOperationLog(app, db);
  await registerOpenApi(app);
  const results = resultEventHub();
  // Open event streams would hold the server's close until their clients left.
  app.addHook('preClose', async () => results.endStreams());
  if (db.dialect === 'postgres') {
    // Several server processes on one PostgreSQL hear each other's results (result-relay.ts).
    // Started when ready, so that a build that fails leaves no connection behind.
    let relay: ResultRelay | null = null;
    app.addHook('onReady', async () => {
      relay = relayResultEvents({ databaseUrl: config.databaseUrl, searchPath: options.searchPath, db, hub: results, log: app.log });
      await relay.listening;
    });
    app.addHook('preClose', async () => relay?.close());
  }
  await registerRoutes(app, { db, config, results });
  // DTU reports over MQTT (DESIGN.md §9.4): the broker starts when the app is ready and stops when it closes.
  registerDtuReportIntake(app, db, config, results);
  await registerConsole(app, config.consoleDir);
  return app;
}
