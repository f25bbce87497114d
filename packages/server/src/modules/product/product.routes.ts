import {
  envelopeOf,
  idBody,
  idQuery,
  lookupItem,
  need,
  needAnyOf,
  PATHS,
  product,
  productCreateBody,
  productEditBody,
  productPage,
  productQuery,
  SIGNED_IN,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { releaseBlob } from '../../platform/files.js';
import { tenantOf } from '../../platform/scope.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { tenancyOf } from '../../platform/tenancy.js';
import { findProduct, type LookupTableName, lookupList, productPage as loadProductPage } from './product.repository.js';
import {
  copyProduct,
  createProduct,
  deleteProduct,
  editProduct,
  productLabel,
  publishProduct,
  revokeProduct,
  toProduct,
} from './product.service.js';

const tags = ['产品'];
const MENU = '/productCenter';

/** `型号(编号)` from a body, validated or not (a refused call is put on record too). */
function labelInBody(request: FastifyRequest): string | undefined {
  const { number, code } = (request.body ?? {}) as Record<string, unknown>;
  return typeof number === 'string' && typeof code === 'string'
    ? productLabel({ number: number.trim(), code: code.trim() })
    : undefined;
}

const LOOKUPS: [string, LookupTableName, string][] = [
  [PATHS.productTypes, 'product_type', '产品类型列表'],
  [PATHS.communicationTypes, 'communication_type', '通信方式列表'],
  [PATHS.dataFormats, 'data_format', '数据格式列表'],
  [PATHS.dataTypes, 'data_type', '数据类型列表'],
  [PATHS.units, 'unit', '单位列表'],
];

export function productRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  // Summaries naming the product a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();
  const logSummary = (request: FastifyRequest) => summaries.get(request);

  return async (app) => {
    // The task form reads the lookups too, so any signed-in user may list them.
    for (const [url, table, summary] of LOOKUPS) {
      app.get(
        url,
        {
          config: { permission: SIGNED_IN },
          schema: { tags, summary, response: { 200: envelopeOf(z.array(lookupItem)) } },
        },
        async () => ok(await lookupList(db.kysely, table)),
      );
    }

    // The production center picks a product for a task from the same list.
    app.get(
      PATHS.productQuery,
      {
        config: { permission: needAnyOf(MENU, '/productionCenter') },
        schema: { tags, summary: '产品列表', querystring: productQuery, response: { 200: envelopeOf(productPage) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { page, pageSize, productTypeId, publishStatus } = request.query;
        const { rows, total, counts } = await loadProductPage(db.kysely, tenancy, { productTypeId, publishStatus }, { page, pageSize });
        return ok({ list: rows.map((row) => toProduct(row, config.timeZone)), total, pageSize, pageNum: page, ...counts });
      },
    );

    app.get(
      PATHS.productDetail,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '产品详情', querystring: idQuery, response: { 200: envelopeOf(product) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const row = await findProduct(db.kysely, tenancy, request.query.id);
        if (!row) throw notFound();
        return ok(toProduct(row, config.timeZone));
      },
    );

    app.post(
      PATHS.productCreate,
      {
        config: {
          permission: need(MENU, 'add'),
          logSummary: (request) => {
            const named = labelInBody(request);
            return named ? `新增产品 ${named}` : undefined;
          },
        },
        schema: { tags, summary: '新增产品', body: productCreateBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const ownerId = await tenantOf(db.kysely, requireAccount(request).id);
        const id = await db.kysely.transaction().execute((trx) => createProduct(trx, ownerId, request.body));
        return ok(id);
      },
    );

    app.post(
      PATHS.productEdit,
      {
        config: {
          permission: need(MENU, 'set'),
          logSummary: (request) => {
            const named = summaries.get(request) ?? labelInBody(request);
            return named ? `编辑产品 ${named}` : undefined;
          },
        },
        schema: { tags, summary: '编辑产品', body: productEditBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { id, ...fields } = request.body;
        const before = await db.kysely.transaction().execute((trx) => editProduct(trx, db, tenancy, id, fields));
        const after = productLabel(fields);
        summaries.set(request, productLabel(before) === after ? after : `${productLabel(before)} → ${after}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.productPublish,
      {
        config: { permission: need(MENU, 'push'), logSummary },
        schema: { tags, summary: '发布产品', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const row = await db.kysely.transaction().execute((trx) => publishProduct(trx, db, tenancy, request.body.id));
        summaries.set(request, `发布产品 ${productLabel(row)}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.productRevoke,
      {
        config: { permission: need(MENU, 'back'), logSummary },
        schema: { tags, summary: '撤回产品', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const row = await db.kysely.transaction().execute((trx) => revokeProduct(trx, db, tenancy, request.body.id));
        summaries.set(request, `撤回产品 ${productLabel(row)}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.productCopy,
      {
        config: { permission: need(MENU, 'copy'), logSummary },
        schema: { tags, summary: '复制产品', body: idBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const copy = await db.kysely.transaction().execute((trx) => copyProduct(trx, db, tenancy, request.body.id));
        summaries.set(request, `复制产品 ${productLabel(copy.original)} → ${productLabel(copy)} #${copy.id}`);
        return ok(copy.id);
      },
    );

    app.post(
      PATHS.productDelete,
      {
        config: { permission: need(MENU, 'delete'), logSummary },
        schema: { tags, summary: '删除产品', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { product: row, releasedFiles } = await db.kysely
          .transaction()
          .execute((trx) => deleteProduct(trx, db, tenancy, request.body.id));
        // After the commit: a rollback must never lose bytes another row still names.
        for (const sha256 of releasedFiles) await releaseBlob(db.kysely, config.filesDir, sha256);
        summaries.set(request, `删除产品 ${productLabel(row)}`);
        return ok(null);
      },
    );
  };
}
