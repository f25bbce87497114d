import { type InspectionLevel, PRODUCT_ENDPOINTS as PRODUCT } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { releaseBlob } from '../../platform/files.js';
import { lookupList, type LookupTableName } from '../../platform/lookups.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { findProduct } from '../../platform/products.js';
import { route } from '../../platform/route.js';
import { productPage } from './product.repository.js';
import {
  copyProduct,
  createProduct,
  deleteProduct,
  editProduct,
  editSampling,
  productLabel,
  publishProduct,
  revokeProduct,
  samplingChange,
  toProduct,
} from './product.service.js';

/** `型号(编号)` from a body, validated or not (a refused call is put on record too). */
function labelInBody(request: FastifyRequest): string | undefined {
  const { number, code } = (request.body ?? {}) as Record<string, unknown>;
  return typeof number === 'string' && typeof code === 'string'
    ? productLabel({ number: number.trim(), code: code.trim() })
    : undefined;
}

const LOOKUPS = [
  [PRODUCT.productTypes, 'product_type'],
  [PRODUCT.communicationTypes, 'communication_type'],
  [PRODUCT.dataFormats, 'data_format'],
  [PRODUCT.dataTypes, 'data_type'],
  [PRODUCT.units, 'unit'],
] as const satisfies readonly (readonly [unknown, LookupTableName])[];

export function productRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [endpoint, table] of LOOKUPS) {
      route(app, endpoint, () => lookupList(db.kysely, table));
    }

    route(app, PRODUCT.productQuery, async (request) => {
      const { page, pageSize, productTypeId, publishStatus } = request.query;
      const { rows, total, counts } = await productPage(db.kysely, await request.scope(), { productTypeId, publishStatus }, { page, pageSize });
      return { list: rows.map((row) => toProduct(row, config.timeZone)), total, pageSize, pageNum: page, ...counts };
    });

    route(app, PRODUCT.productDetail, async (request) => {
      const row = await findProduct(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toProduct(row, config.timeZone);
    });

    route(
      app,
      PRODUCT.productCreate,
      async (request) => {
        const { account, ownerId } = await request.scope();
        // The platform administrator (ownerId null: it sees every tenant) creates in its own tree, of which it is the root.
        return inTransaction(db, (tx) => createProduct(tx, ownerId ?? account.id, request.body));
      },
      {
        config: {
          logSummary: (request) => {
            const named = labelInBody(request);
            return named ? `新增产品 ${named}` : undefined;
          },
        },
      },
    );

    route(
      app,
      PRODUCT.productEdit,
      async (request) => {
        const scope = await request.scope();
        const { id, ...fields } = request.body;
        const before = await inTransaction(db, (tx) => editProduct(tx, scope, id, fields));
        const after = productLabel(fields);
        request.operationSummary = `编辑产品 ${productLabel(before) === after ? after : `${productLabel(before)} → ${after}`}`;
        return null;
      },
      {
        config: {
          logSummary: (request) => {
            const named = labelInBody(request);
            return named ? `编辑产品 ${named}` : undefined;
          },
        },
      },
    );

    route(app, PRODUCT.productSamplingEdit, async (request) => {
      const scope = await request.scope();
      const { id, ...settings } = request.body;
      const before = await inTransaction(db, (tx) => editSampling(tx, scope, id, settings));
      const change = samplingChange({ inspectionLevel: before.inspectionLevel as InspectionLevel, aql: before.aql }, settings);
      request.operationSummary = `修改抽检设置 ${productLabel(before)} ${change}`;
      return null;
    });

    route(app, PRODUCT.productPublish, async (request) => {
      const scope = await request.scope();
      const row = await inTransaction(db, (tx) => publishProduct(tx, scope, request.body.id));
      request.operationSummary = `发布产品 ${productLabel(row)}`;
      return null;
    });

    route(app, PRODUCT.productRevoke, async (request) => {
      const scope = await request.scope();
      const row = await inTransaction(db, (tx) => revokeProduct(tx, scope, request.body.id));
      request.operationSummary = `撤回产品 ${productLabel(row)}`;
      return null;
    });

    route(app, PRODUCT.productCopy, async (request) => {
      const scope = await request.scope();
      const copy = await inTransaction(db, (tx) => copyProduct(tx, scope, request.body.id));
      request.operationSummary = `复制产品 ${productLabel(copy.original)} → ${productLabel(copy)} #${copy.id}`;
      return copy.id;
    });

    route(app, PRODUCT.productDelete, async (request) => {
      const scope = await request.scope();
      const { product, releasedFiles } = await inTransaction(db, (tx) => deleteProduct(tx, scope, request.body.id));
      // After the commit: a rollback must never lose bytes another row still names.
      for (const sha256 of releasedFiles) await releaseBlob(db.kysely, config.filesDir, sha256);
      request.operationSummary = `删除产品 ${productLabel(product)}`;
      return null;
    });
  };
}
