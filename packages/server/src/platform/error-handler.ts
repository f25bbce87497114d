import { MSG } from '@factory/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure } from './envelope.js';
import { HttpError } from './errors.js';

/**
 * Every failure leaves as the envelope with an honest status (DESIGN.md §3):
 * validation answers the first failing rule's message, crashes answer a fixed
 * text and keep the stack in the log only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(failure(error.validation[0]?.message ?? MSG.invalidInput));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(failure(MSG.payloadTooLarge));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type and the like: the client's fault.
      request.log.info({ err: error }, 'rejected request');
      return reply.status(status).send(failure(MSG.invalidInput));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(failure(MSG.serverError));
  });
}
