import http from 'node:http';
import type { Socket } from 'node:net';
import { MSG } from '@factory/contracts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { failure } from './envelope.js';

/**
 * Answers that leave before any route or hook runs, in the envelope like every
 * other (DESIGN.md §3). Fastify writes these in a shape of its own otherwise.
 */

/**
 * The router's refusals: a url that does not decode (`/api/file/%`,
 * `/api/file/%ff`: 400), a path parameter past maxParamLength (414), a failed
 * route constraint (500). No route matched, so no hook ran: the security
 * headers that matter for a JSON answer are set here.
 */
export function routingErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  const message = status === 414 ? MSG.urlTooLong : status >= 500 ? MSG.serverError : MSG.invalidInput;
  if (status >= 500) request.log.error({ err: error }, 'routing failed');
  else request.log.info({ err: error }, 'rejected url');
  void reply.status(status).header('x-content-type-options', 'nosniff').send(failure(message));
}

/**
 * Requests Node's HTTP parser refuses (a malformed request line, headers past
 * their limit: 431, a request too slow: 408) never become a request at all; the
 * socket is answered by hand, as Fastify's own handler does, only with the
 * envelope.
 */
export function clientErrorHandler(
  this: { log: { debug(object: object, message: string): void } },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(failure(MSG.invalidInput));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Fastify options that route both kinds through the handlers above. */
export const envelopeRoutingOptions = {
  frameworkErrors: routingErrorHandler,
  clientErrorHandler,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
