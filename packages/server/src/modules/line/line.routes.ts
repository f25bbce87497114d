import { LINE_ENDPOINTS as LINE, MENUS } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../platform/module-context.js';
import { requireAccount } from '../../platform/auth.js';
import { route } from '../../platform/route.js';
import { formatTime } from '../../platform/time.js';
import { enabledLines, enabledLinesOfAccount, factoryPage, linePage } from './line.repository.js';
import { addLine, changeLineStatus, deleteLine, editLine } from './line.service.js';

const MENU = MENUS.productionLine;

const label = (line: { lineName: string; lineNum: string }) => `${line.lineName}(${line.lineNum})`;

/** `一号线(L01)` from a body, validated or not (a refused call is put on record too). */
function labelInBody(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const { lineName, lineNum } = body ?? {};
  return typeof lineName === 'string' && typeof lineNum === 'string'
    ? label({ lineName: lineName.trim(), lineNum: lineNum.trim() })
    : undefined;
}

/**
 * The id and status of a status change, from the query (as the console sends them)
 * or a body. An empty value counts as missing: coerced, '' would read as status 0.
 */
function statusParam(request: FastifyRequest, key: 'id' | 'status'): unknown {
  const given = (source: unknown) => {
    const value = (source as Record<string, unknown> | undefined)?.[key];
    return value === '' || value === null ? undefined : value;
  };
  return given(request.query) ?? given(request.body);
}

export function lineRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, LINE.factoryList, async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await factoryPage(db.kysely, await request.scope(), { page, pageSize });
      return { list: rows, total, pageSize, pageNum: page };
    });

    route(app, LINE.productionLineOptions, async (request) => {
      const account = requireAccount(request);
      if (account.platformAdmin) return enabledLines(db.kysely, { ownerId: null });
      return enabledLinesOfAccount(db.kysely, account.id);
    });

    route(app, LINE.lineList, async (request) => {
      const { page, pageSize, factoryId, status, searchContext } = request.query;
      const { rows, total } = await linePage(db.kysely, await request.scope(), { factoryId, status, searchContext }, { page, pageSize });
      const list = rows.map((row) => ({ ...row, createTime: formatTime(row.createTime, config.timeZone) }));
      return { list, total, pageSize, pageNum: page };
    });

    route(
      app,
      LINE.lineAdd,
      async (request) => {
        const scope = await request.scope();
        return db.kysely.transaction().execute((trx) => addLine(trx, scope, request.body));
      },
      {
        config: {
          logSummary: (request) => {
            const named = labelInBody(request);
            return named ? `新增产线 ${named}` : undefined;
          },
        },
      },
    );

    route(
      app,
      LINE.lineEdit,
      async (request) => {
        const scope = await request.scope();
        const { id, ...fields } = request.body;
        const before = await db.kysely.transaction().execute((trx) => editLine(trx, scope, id, fields));
        const after = label(fields);
        request.operationSummary = `编辑产线 ${label(before) === after ? after : `${label(before)} → ${after}`}`;
        return null;
      },
      {
        config: {
          logSummary: (request) => {
            const named = labelInBody(request);
            return named ? `编辑产线 ${named}` : undefined;
          },
        },
      },
    );

    route(
      app,
      LINE.lineChangeStatus,
      async (request) => {
        const scope = await request.scope();
        const { id, status } = request.query;
        const line = await db.kysely.transaction().execute((trx) => changeLineStatus(trx, scope, id, status));
        request.operationSummary = `${status === 1 ? '启用' : '停用'}产线 ${label(line)}`;
        return null;
      },
      {
        config: {
          // 1 enables (start), 0 disables (stop); anything else is left to validation (400).
          refinePermission: (request) => {
            const status = String(statusParam(request, 'status'));
            if (status === '1') return { menu: MENU, fun: 'start' };
            if (status === '0') return { menu: MENU, fun: 'stop' };
            return undefined;
          },
        },
        // A JSON or form body is taken as well, the query winning.
        preValidation: async (request) => {
          // still raw here: validation runs next and types it
          (request as { query: unknown }).query = { id: statusParam(request, 'id'), status: statusParam(request, 'status') };
        },
      },
    );

    route(app, LINE.lineDelete, async (request) => {
      const scope = await request.scope();
      const line = await db.kysely.transaction().execute((trx) => deleteLine(trx, scope, request.body.id));
      request.operationSummary = `删除产线 ${label(line)}`;
      return null;
    });
  };
}
