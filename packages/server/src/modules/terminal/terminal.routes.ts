import {
  envelopeOf,
  need,
  PATHS,
  SIGNED_IN,
  terminalAddBody,
  terminalCategoryQuery,
  terminalEditBody,
  terminalList as terminalListSchema,
  terminalListQuery,
  terminalUnbindQuery,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { tenantOf } from '../../platform/scope.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { taskScopeOf } from '../task/task-scope.js';
import { addTerminal, categoryMap, editTerminal, terminalList, unbindTerminal } from './terminal.service.js';

const tags = ['终端'];
const MENU = '/terminalManage';

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
  // Summaries naming the terminal a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();

  return async (app) => {
    app.get(
      PATHS.terminalCategory,
      {
        config: { permission: SIGNED_IN },
        schema: {
          tags,
          summary: '终端型号 (编号 → 名称)',
          querystring: terminalCategoryQuery,
          response: { 200: envelopeOf(z.record(z.string(), z.string())) },
        },
      },
      async (request) => ok(await categoryMap(db.kysely, request.query.terminalType)),
    );

    app.get(
      PATHS.terminalList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '终端列表', querystring: terminalListQuery, response: { 200: envelopeOf(terminalListSchema) } },
      },
      async (request) => {
        // Terminals are scoped as tasks are: the account, and a sub-user's own lines (terminal-scope.ts).
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        return ok(await terminalList(db.kysely, scope, request.query));
      },
    );

    app.post(
      PATHS.terminalAdd,
      {
        config: {
          permission: need(MENU, 'add'),
          logSummary: (request) => {
            const { terminalName, terminalCode, terminalType } = (request.body ?? {}) as Record<string, unknown>;
            if (typeof terminalName !== 'string' || typeof terminalCode !== 'string') return undefined;
            const type = typeof terminalType === 'string' ? `${terminalType} ` : '';
            return `新增终端 ${type}${label({ terminalName: terminalName.trim(), terminalCode: terminalCode.trim() })}`;
          },
        },
        schema: { tags, summary: '新增终端', body: terminalAddBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const account = requireAccount(request);
        const scope = await taskScopeOf(db.kysely, account);
        const ownerId = await tenantOf(db.kysely, account.id);
        const id = await db.kysely.transaction().execute((trx) => addTerminal(trx, scope, ownerId, request.body));
        return ok(id);
      },
    );

    // The console posts a form; JSON is accepted as everywhere.
    app.post(
      PATHS.terminalEdit,
      {
        config: { permission: need(MENU, 'edit'), logSummary: (request) => summaries.get(request) },
        schema: { tags, summary: '编辑终端', body: terminalEditBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        const before = await db.kysely.transaction().execute((trx) => editTerminal(trx, scope, request.body));
        const renamed = before.terminalName === request.body.terminalName ? '' : ` → ${request.body.terminalName}`;
        summaries.set(request, `编辑终端 ${label(before)}${renamed}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.terminalUnbind,
      {
        config: { permission: need(MENU, 'unbind'), logSummary: (request) => summaries.get(request) },
        // The console sends ?terminalId&terminalType; a JSON or form body is taken as well, the query winning.
        preValidation: async (request) => {
          // still raw here: validation runs next and types it
          (request as { query: unknown }).query = {
            terminalId: queryOrBody(request, 'terminalId'),
            terminalType: queryOrBody(request, 'terminalType'),
          };
        },
        schema: { tags, summary: '解绑终端', querystring: terminalUnbindQuery, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        const { terminalId, terminalType } = request.query;
        const terminal = await db.kysely.transaction().execute((trx) => unbindTerminal(trx, scope, terminalId, terminalType));
        summaries.set(request, `解绑终端 ${label(terminal)}`);
        return ok(null);
      },
    );
  };
}
