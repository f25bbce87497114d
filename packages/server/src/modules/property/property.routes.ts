import {
  envelopeOf,
  idBody,
  idField,
  idQuery,
  need,
  pageOf,
  PATHS,
  property,
  propertyAddBody,
  propertyEditBody,
  propertyListQuery,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { productScopeOf, requireProduct } from '../product/product-guard.js';
import { allProperties, findProperty, propertyPage } from './property.repository.js';
import { addProperty, deleteProperty, editProperty, toExportedProperty, toProperty } from './property.service.js';

const tags = ['自定义属性'];
const MENU = '/productCenter';
const exportQuery = z.object({ productId: idField });

export function propertyRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  // Summaries naming the property a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();
  const logSummary = (request: FastifyRequest) => summaries.get(request);
  const contextOf = async (request: FastifyRequest) => ({
    dialect: db.dialect,
    scope: await productScopeOf(db.kysely, requireAccount(request)),
  });

  return async (app) => {
    app.get(
      PATHS.propertyList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '自定义属性列表', querystring: propertyListQuery, response: { 200: envelopeOf(pageOf(property)) } },
      },
      async (request) => {
        const scope = await productScopeOf(db.kysely, requireAccount(request));
        const { productId, page, pageSize } = request.query;
        await requireProduct(db.kysely, scope, productId);
        const { rows, total } = await propertyPage(db.kysely, productId, { page, pageSize });
        return ok({ list: rows.map((row) => toProperty(row, config.timeZone)), total, pageSize, pageNum: page });
      },
    );

    app.get(
      PATHS.propertyDetail,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '自定义属性详情', querystring: idQuery, response: { 200: envelopeOf(property) } },
      },
      async (request) => {
        const scope = await productScopeOf(db.kysely, requireAccount(request));
        const row = await findProperty(db.kysely, scope, request.query.id);
        if (!row) throw notFound();
        return ok(toProperty(row, config.timeZone));
      },
    );

    app.post(
      PATHS.propertyAdd,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '新增自定义属性', body: propertyAddBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const context = await contextOf(request);
        const { productId } = request.body;
        const { id, product } = await db.kysely
          .transaction()
          .execute((trx) => addProperty(trx, context, productId, request.body));
        summaries.set(request, `新增自定义属性 ${request.body.name}(${request.body.code}) 产品 ${product.number}`);
        return ok(id);
      },
    );

    app.post(
      PATHS.propertyEdit,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '编辑自定义属性', body: propertyEditBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const context = await contextOf(request);
        const { id, ...fields } = request.body;
        const before = await db.kysely.transaction().execute((trx) => editProperty(trx, context, id, fields));
        summaries.set(request, `编辑自定义属性 ${before.name}(${before.code}) #${id}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.propertyDelete,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '删除自定义属性', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const context = await contextOf(request);
        const removed = await db.kysely.transaction().execute((trx) => deleteProperty(trx, context, request.body.id));
        summaries.set(request, `删除自定义属性 ${removed.name}(${removed.code}) #${removed.id}`);
        return ok(null);
      },
    );

    // A file, not the envelope: the console opens it for the browser to save.
    app.get(
      PATHS.propertyExportJson,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '导出自定义属性JSON', querystring: exportQuery },
      },
      async (request, reply) => {
        const scope = await productScopeOf(db.kysely, requireAccount(request));
        const product = await requireProduct(db.kysely, scope, request.query.productId);
        const rows = await allProperties(db.kysely, product.id);
        const text = `${JSON.stringify(rows.map(toExportedProperty), null, 2)}\n`;
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${product.number}-properties.json`))
          .header('cache-control', 'no-store')
          .send(text);
      },
    );
  };
}
