import type { FunOf, MenuUrl } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';

/** The menus that have both a start and a stop button (a status change). */
type StatusMenu = { [U in MenuUrl]: 'start' extends FunOf<U> ? ('stop' extends FunOf<U> ? U : never) : never }[MenuUrl];

/**
 * The button a status change needs: start for status 1, stop for 0. Reads the raw
 * body (form or JSON); undefined lets validation answer a bad status with 400.
 */
export function statusPermission(menu: StatusMenu) {
  return (request: FastifyRequest) => {
    const status = requestedStatus(request);
    if (status === 1) return { menu, fun: 'start' as const };
    if (status === 0) return { menu, fun: 'stop' as const };
    return undefined;
  };
}

/** The status a change asks for, from a raw or validated body (form fields are text). */
export function requestedStatus(request: FastifyRequest): 0 | 1 | undefined {
  const status = String((request.body as { status?: unknown } | undefined)?.status ?? '');
  return status === '1' ? 1 : status === '0' ? 0 : undefined;
}
