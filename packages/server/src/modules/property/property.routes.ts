import { PROPERTY_ENDPOINTS as PROPERTY } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { requireProduct } from '../../platform/product-guard.js';
import { allProperties } from '../../platform/product-properties.js';
import { rawRoute, route } from '../../platform/route.js';
import { findProperty, propertyPage } from './property.repository.js';
import { addProperty, deleteProperty, editProperty, toExportedProperty, toProperty } from './property.service.js';

export function propertyRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, PROPERTY.propertyList, async (request) => {
      const { productId, page, pageSize } = request.query;
      await requireProduct(db.kysely, await request.scope(), productId);
      const { rows, total } = await propertyPage(db.kysely, productId, { page, pageSize });
      return { list: rows.map((row) => toProperty(row, config.timeZone)), total, pageSize, pageNum: page };
    });

    route(app, PROPERTY.propertyDetail, async (request) => {
      const row = await findProperty(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toProperty(row, config.timeZone);
    });

    route(app, PROPERTY.propertyAdd, async (request) => {
      const scope = await request.scope();
      const { productId, name, code } = request.body;
      const { id, product } = await inTransaction(db, (tx) => addProperty(tx, scope, productId, request.body));
      request.operationSummary = `新增自定义属性 ${name}(${code}) 产品 ${product.number}`;
      return id;
    });

    route(app, PROPERTY.propertyEdit, async (request) => {
      const scope = await request.scope();
      const { id, ...fields } = request.body;
      const before = await inTransaction(db, (tx) => editProperty(tx, scope, id, fields));
      request.operationSummary = `编辑自定义属性 ${before.name}(${before.code}) #${id}`;
      return null;
    });

    route(app, PROPERTY.propertyDelete, async (request) => {
      const scope = await request.scope();
      const removed = await inTransaction(db, (tx) => deleteProperty(tx, scope, request.body.id));
      request.operationSummary = `删除自定义属性 ${removed.name}(${removed.code}) #${removed.id}`;
      return null;
    });

    // A file, not the envelope: the console opens it for the browser to save.
    rawRoute(app, PROPERTY.propertyExportJson, async (request, reply) => {
      const product = await requireProduct(db.kysely, await request.scope(), request.query.productId);
      const rows = await allProperties(db.kysely, product.id);
      const text = `${JSON.stringify(rows.map(toExportedProperty), null, 2)}\n`;
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${product.number}-properties.json`))
        .header('cache-control', 'no-store')
        .send(text);
    });
  };
}
