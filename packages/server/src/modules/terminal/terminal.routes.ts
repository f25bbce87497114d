import { TERMINAL_ENDPOINTS as TERMINAL } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { addTerminal, categoryMap, editTerminal, terminalList, unbindTerminal } from './terminal.service.js';

const label = (terminal: { terminalName: string; terminalCode: string }) =>
  `${terminal.terminalName}(${terminal.terminalCode})`;

/** A field of the query (as the console sends it) or else of the body; empty counts as missing. */
function queryOrBody(request: FastifyRequest, key: string): unknown {
  const given = (source: unknown) => {
    const value = (source as Record<string, unknown> | undefined)?.[key];
    return value === '' || value === null ? undefined : value;
  };
  return given(request.query) ?? given(request.body);
}

export function terminalRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, TERMINAL.terminalCategory, async (request) => categoryMap(db.kysely, request.query.terminalType));

    // Terminals are scoped as tasks are: the account, and a sub-user's own lines (platform/terminal-scope.ts).
    route(app, TERMINAL.terminalList, async (request) => terminalList(db.kysely, await request.scope(), request.query));

    route(
      app,
      TERMINAL.terminalAdd,
      async (request) => {
        const scope = await request.scope();
        // The platform administrator (every tenant in sight) registers terminals as its own tenant.
        const ownerId = scope.ownerId ?? scope.account.id;
        return db.kysely.transaction().execute((trx) => addTerminal(trx, scope, ownerId, request.body));
      },
      {
        config: {
          logSummary: (request) => {
            const { terminalName, terminalCode, terminalType } = (request.body ?? {}) as Record<string, unknown>;
            if (typeof terminalName !== 'string' || typeof terminalCode !== 'string') return undefined;
            const type = typeof terminalType === 'string' ? `${terminalType} ` : '';
            return `新增终端 ${type}${label({ terminalName: terminalName.trim(), terminalCode: terminalCode.trim() })}`;
          },
        },
      },
    );

    route(app, TERMINAL.terminalEdit, async (request) => {
      const scope = await request.scope();
      const before = await db.kysely.transaction().execute((trx) => editTerminal(trx, scope, request.body));
      const renamed = before.terminalName === request.body.terminalName ? '' : ` → ${request.body.terminalName}`;
      request.operationSummary = `编辑终端 ${label(before)}${renamed}`;
      return null;
    });

    route(
      app,
      TERMINAL.terminalUnbind,
      async (request) => {
        const scope = await request.scope();
        const { terminalId, terminalType } = request.query;
        const terminal = await db.kysely.transaction().execute((trx) => unbindTerminal(trx, scope, terminalId, terminalType));
        request.operationSummary = `解绑终端 ${label(terminal)}`;
        return null;
      },
      {
        // A JSON or form body is taken as well, the query winning.
        preValidation: async (request) => {
          // still raw here: validation runs next and types it
          (request as { query: unknown }).query = {
            terminalId: queryOrBody(request, 'terminalId'),
            terminalType: queryOrBody(request, 'terminalType'),
          };
        },
      },
    );
  };
}
