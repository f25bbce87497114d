import { FLOW_ENDPOINTS as FLOW } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { discardReceivedBlobs, releaseBlob } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { requireProduct } from '../../platform/product-guard.js';
import { route } from '../../platform/route.js';
import { readFlowSubmission } from './flow-upload.js';
import { addFlow, checkItemsOf, deleteFlow, editFlow, loadFlows, moveFlow, type SavedFlow, swapFlows } from './flow.service.js';

const SAVE_DESCRIPTION =
  'multipart/form-data: the part `productFlowParams` (JSON: productId, name, bindMac, flowType, preId, nextId, items, ' +
  'manualItems, and id and removePdf on edit) and an optional part `pdf` (.pdf, at most 8 MB); or the same JSON as the body, ' +
  'without a PDF';
/** OpenAPI only: what add and edit take */
const SAVE_DOCS = { description: SAVE_DESCRIPTION, consumes: ['multipart/form-data', 'application/json'] } as const;

export function flowRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  /** After the commit: the blobs of PDF rows that went, unless another row still names the same bytes. */
  const releaseAfterCommit = async (saved: SavedFlow) => {
    for (const sha256 of saved.releasedSha256) await releaseBlob(db.kysely, config.filesDir, sha256);
  };

  /** add and edit: read the parts, write in one transaction, release the new PDF if that fails. */
  const save = async (request: FastifyRequest, write: typeof addFlow) => {
    const scope = await request.scope();
    const { input, pdf } = await readFlowSubmission(request, db.kysely, config.filesDir);
    let saved: SavedFlow;
    try {
      saved = await inTransaction(db, (tx) => write(tx, scope, input, pdf));
    } catch (error) {
      if (pdf) await discardReceivedBlobs(db.kysely, config.filesDir, [pdf]);
      throw error;
    }
    await releaseAfterCommit(saved);
    return saved;
  };

  return async (app) => {
    route(app, FLOW.flowList, async (request) => {
      const product = await requireProduct(db.kysely, await request.scope(), request.query.productId);
      return (await loadFlows(db.kysely, product, config.timeZone)).flows;
    });

    route(app, FLOW.flowDetail, async (request) => {
      const product = await requireProduct(db.kysely, await request.scope(), request.query.productId);
      const loaded = await loadFlows(db.kysely, product, config.timeZone);
      const found = loaded.flows.find((candidate) => candidate.id === request.query.flowId);
      if (!found) throw notFound();
      return { ...found, properties: checkItemsOf(loaded, found.id) };
    });

    route(
      app,
      FLOW.flowAdd,
      async (request) => {
        const saved = await save(request, addFlow);
        request.operationSummary = `新增流程 ${saved.name} 产品 ${saved.product.number}`;
        return saved.id;
      },
      SAVE_DOCS,
    );

    route(
      app,
      FLOW.flowEdit,
      async (request) => {
        const saved = await save(request, editFlow);
        request.operationSummary = `编辑流程 ${saved.name} #${saved.id} 产品 ${saved.product.number}`;
        return null;
      },
      SAVE_DOCS,
    );

    route(app, FLOW.flowDelete, async (request) => {
      const scope = await request.scope();
      const removed = await inTransaction(db, (tx) => deleteFlow(tx, scope, request.body.id));
      await releaseAfterCommit(removed);
      request.operationSummary = `删除流程 ${removed.name} #${removed.id} 产品 ${removed.product.number}`;
      return null;
    });

    route(app, FLOW.flowChangePosition, async (request) => {
      const scope = await request.scope();
      const { fromId, toId } = request.body;
      const { from, product } = await inTransaction(db, (tx) => swapFlows(tx, scope, fromId, toId));
      request.operationSummary = `交换流程顺序 ${from.name} #${fromId} ↔ #${toId} 产品 ${product.number}`;
      return null;
    });

    route(app, FLOW.flowInsertPosition, async (request) => {
      const scope = await request.scope();
      const { middle, product } = await inTransaction(db, (tx) => moveFlow(tx, scope, request.body));
      const { left, right } = request.body;
      request.operationSummary = `移动流程 ${middle.name} #${middle.id} 到 ${left ? `#${left}` : '开头'} 与 ${right ? `#${right}` : '末尾'} 之间 产品 ${product.number}`;
      return null;
    });
  };
}
