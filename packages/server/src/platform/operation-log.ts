import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db.js';
import { addRouteHook } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false keeps a mutating route out of the operation log (sign-in, high-volume station results) */
    operationLog?: false;
    /**
     * a summary read from the raw input, for a call refused before its handler knew
     * more (a handler that read its row sets request.operationSummary instead)
     */
    logSummary?: (request: FastifyRequest) => string | undefined;
  }
  interface FastifyRequest {
    /** what the handler did, in the factory's words (编辑产线 一号线(L01) → 二号线(L02)); wins over logSummary */
    operationSummary: string | undefined;
    /** the id the answer carried (a created row), for the operation log */
    answeredId?: string;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pickId(source: unknown, keys: readonly string[]): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return String(value);
  }
  return undefined;
}

const TARGET_KEYS = ['id', 'terminalId', 'taskId', 'productId'] as const;

/**
 * Every mutating call is put on record after it is answered: who, when, which
 * route, the target id and a short summary, with the status it got (refusals
 * included, so attempts are visible too).
 */
export function registerOperationLog(app: FastifyInstance, db: Db): void {
  app.decorateRequest('operationSummary', undefined);
  const answered = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (!MUTATING.has(request.method)) return payload;
    if (typeof payload !== 'string' || payload.length > 4096) return payload;
    try {
      const data = (JSON.parse(payload) as { data?: unknown }).data;
      if (typeof data === 'number') request.answeredId = String(data);
      else request.answeredId = pickId(data, ['id']);
    } catch {
      // not JSON: nothing to learn
    }
    return payload;
  };

  const recorded = async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    if (!MUTATING.has(request.method)) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    if (!route.startsWith('/api/')) return;
    const module = route.split('/')[2] ?? 'api';
    const action = (request.routeOptions.schema?.summary as string | undefined) ?? route.split('/').pop() ?? route;
    const targetId = pickId(request.body, TARGET_KEYS) ?? pickId(request.query, TARGET_KEYS) ?? request.answeredId ?? null;
    let summary = action;
    try {
      summary = request.operationSummary ?? config.logSummary?.(request) ?? (targetId ? `${action} #${targetId}` : action);
    } catch {
      // a summary must never cost the record itself
    }
    try {
      await db.kysely
        .insertInto('operation_log')
        .values({
          accountId: request.account?.id ?? null,
          userName: request.account?.userName ?? '-',
          module,
          // Cut to the columns' widths: an over-long value from a client must not cost the record.
          action: action.slice(0, 64),
          method: request.method,
          route: route.slice(0, 128),
          targetId: targetId?.slice(0, 64) ?? null,
          summary: summary.slice(0, 500),
          statusCode: reply.statusCode,
          ip: request.ip ?? null,
          createTime: Date.now(),
        })
        .execute();
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
  };

  // On the routes that can mutate only: a GET passes neither hook (addRouteHook).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING.has(method)) || !route.config?.permission || route.config.operationLog === false) return;
    addRouteHook(route, 'onSend', answered);
    addRouteHook(route, 'onResponse', recorded);
  });
}
