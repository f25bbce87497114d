import {
  envelopeOf,
  factory,
  factoryListQuery,
  idBody,
  lineAddBody,
  lineEditBody,
  lineListQuery,
  lineOption,
  lineStatusQuery,
  need,
  needAnyFun,
  pageOf,
  PATHS,
  productionLine,
  SIGNED_IN,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { formatTime } from '../../platform/time.js';
import type { ModuleContext } from '../../routes.js';
import { enabledLines, enabledLinesOfAccount, factoryPage, linePage } from './line.repository.js';
import { addLine, changeLineStatus, deleteLine, editLine } from './line.service.js';
import { tenancyOf } from '../../platform/tenancy.js';

const tags = ['产线'];
const MENU = '/productionLine';

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
  // Summaries naming the line a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();

  return async (app) => {
    // The user form and the task form read factories and lines too, so any signed-in user may list them.
    app.get(
      PATHS.factoryList,
      {
        config: { permission: SIGNED_IN },
        schema: { tags, summary: '工厂及其产线', querystring: factoryListQuery, response: { 200: envelopeOf(pageOf(factory)) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { page, pageSize } = request.query;
        const { rows, total } = await factoryPage(db.kysely, tenancy, { page, pageSize });
        return ok({ list: rows, total, pageSize, pageNum: page });
      },
    );

    app.get(
      PATHS.productionLineOptions,
      {
        config: { permission: SIGNED_IN },
        schema: { tags, summary: '可排产的产线', response: { 200: envelopeOf(z.array(lineOption)) } },
      },
      async (request) => {
        const account = requireAccount(request);
        if (account.platformAdmin) return ok(await enabledLines(db.kysely, { ownerId: null }));
        return ok(await enabledLinesOfAccount(db.kysely, account.id));
      },
    );

    app.get(
      PATHS.lineList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '产线列表', querystring: lineListQuery, response: { 200: envelopeOf(pageOf(productionLine)) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { page, pageSize, factoryId, status, searchContext } = request.query;
        const { rows, total } = await linePage(db.kysely, tenancy, { factoryId, status, searchContext }, { page, pageSize });
        const list = rows.map((row) => ({ ...row, createTime: formatTime(row.createTime, config.timeZone) }));
        return ok({ list, total, pageSize, pageNum: page });
      },
    );

    app.post(
      PATHS.lineAdd,
      {
        config: {
          permission: need(MENU, 'add'),
          logSummary: (request) => {
            const named = labelInBody(request);
            return named ? `新增产线 ${named}` : undefined;
          },
        },
        schema: { tags, summary: '新增产线', body: lineAddBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const id = await db.kysely.transaction().execute((trx) => addLine(trx, tenancy, request.body));
        return ok(id);
      },
    );

    app.post(
      PATHS.lineEdit,
      {
        config: {
          permission: need(MENU, 'edit'),
          logSummary: (request) => {
            const named = summaries.get(request) ?? labelInBody(request);
            return named ? `编辑产线 ${named}` : undefined;
          },
        },
        schema: { tags, summary: '编辑产线', body: lineEditBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { id, ...fields } = request.body;
        const before = await db.kysely.transaction().execute((trx) => editLine(trx, tenancy, id, fields));
        const after = label(fields);
        summaries.set(request, label(before) === after ? after : `${label(before)} → ${after}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.lineChangeStatus,
      {
        config: {
          // start or stop, before the body is read: one without either is refused first (403 before 400)
          permission: needAnyFun(MENU, 'start', 'stop'),
          // 1 enables (start), 0 disables (stop); anything else is left to validation (400).
          refinePermission: (request) => {
            const status = String(statusParam(request, 'status'));
            if (status === '1') return { menu: MENU, fun: 'start' };
            if (status === '0') return { menu: MENU, fun: 'stop' };
            return undefined;
          },
          logSummary: (request) => summaries.get(request),
        },
        // The console sends ?id&status; a JSON or form body is taken as well, the query winning.
        preValidation: async (request) => {
          // still raw here: validation runs next and types it
          (request as { query: unknown }).query = { id: statusParam(request, 'id'), status: statusParam(request, 'status') };
        },
        schema: { tags, summary: '启用或停用产线', querystring: lineStatusQuery, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { id, status } = request.query;
        const line = await db.kysely.transaction().execute((trx) => changeLineStatus(trx, tenancy, id, status));
        summaries.set(request, `${status === 1 ? '启用' : '停用'}产线 ${label(line)}`);
        return ok(null);
      },
    );

    // Not offered by the console (seed 000 §4) but part of the API.
    app.post(
      PATHS.lineDelete,
      {
        config: { permission: need(MENU, 'delete'), logSummary: (request) => summaries.get(request) },
        schema: { tags, summary: '删除产线', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const line = await db.kysely.transaction().execute((trx) => deleteLine(trx, tenancy, request.body.id));
        summaries.set(request, `删除产线 ${label(line)}`);
        return ok(null);
      },
    );
  };
}
