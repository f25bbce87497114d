import {
  envelopeOf,
  flow,
  flowDetail,
  flowDetailQuery,
  flowInsertBody,
  flowListQuery,
  flowSwapBody,
  idBody,
  need,
  PATHS,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { discardReceivedBlobs, releaseBlob } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { productScopeOf, requireProduct } from '../product/product-guard.js';
import { readFlowSubmission } from './flow-upload.js';
import {
  addFlow,
  checkItemsOf,
  deleteFlow,
  editFlow,
  type FlowWriteContext,
  loadFlows,
  moveFlow,
  type SavedFlow,
  swapFlows,
} from './flow.service.js';

const tags = ['产品流程'];
const MENU = '/productCenter';

const SAVE_DESCRIPTION =
  'multipart/form-data: the part `productFlowParams` (JSON: productId, name, bindMac, flowType, preId, nextId, items, ' +
  'manualItems, and id and removePdf on edit) and an optional part `pdf` (.pdf, at most 8 MB); or the same JSON as the body, ' +
  'without a PDF';

export function flowRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  // Summaries naming the flow a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();
  const logSummary = (request: FastifyRequest) => summaries.get(request);
  const contextOf = async (request: FastifyRequest): Promise<FlowWriteContext> => {
    const account = requireAccount(request);
    return { dialect: db.dialect, scope: await productScopeOf(db.kysely, account), accountId: account.id };
  };
  /** After the commit: the blobs of PDF rows that went, unless another row still names the same bytes. */
  const releaseAfterCommit = async (saved: SavedFlow) => {
    for (const sha256 of saved.releasedSha256) await releaseBlob(db.kysely, config.filesDir, sha256);
  };

  /** add and edit: read the parts, write in one transaction, release the new PDF if that fails. */
  const save = async (request: FastifyRequest, write: typeof addFlow) => {
    const context = await contextOf(request);
    const { input, pdf } = await readFlowSubmission(request, db.kysely, config.filesDir);
    let saved: SavedFlow;
    try {
      saved = await db.kysely.transaction().execute((trx) => write(trx, context, input, pdf));
    } catch (error) {
      if (pdf) await discardReceivedBlobs(db.kysely, config.filesDir, [pdf]);
      throw error;
    }
    await releaseAfterCommit(saved);
    return saved;
  };

  return async (app) => {
    app.get(
      PATHS.flowList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '产品流程列表', querystring: flowListQuery, response: { 200: envelopeOf(z.array(flow)) } },
      },
      async (request) => {
        const scope = await productScopeOf(db.kysely, requireAccount(request));
        const product = await requireProduct(db.kysely, scope, request.query.productId);
        return ok((await loadFlows(db.kysely, product, config.timeZone)).flows);
      },
    );

    app.get(
      PATHS.flowDetail,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '产品流程详情', querystring: flowDetailQuery, response: { 200: envelopeOf(flowDetail) } },
      },
      async (request) => {
        const scope = await productScopeOf(db.kysely, requireAccount(request));
        const product = await requireProduct(db.kysely, scope, request.query.productId);
        const loaded = await loadFlows(db.kysely, product, config.timeZone);
        const found = loaded.flows.find((candidate) => candidate.id === request.query.flowId);
        if (!found) throw notFound();
        return ok({ ...found, properties: checkItemsOf(loaded, found.id) });
      },
    );

    app.post(
      PATHS.flowAdd,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: {
          tags,
          summary: '新增流程',
          description: SAVE_DESCRIPTION,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: envelopeOf(z.number().int()) },
        },
      },
      async (request) => {
        const saved = await save(request, addFlow);
        summaries.set(request, `新增流程 ${saved.name} 产品 ${saved.product.number}`);
        return ok(saved.id);
      },
    );

    app.post(
      PATHS.flowEdit,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: {
          tags,
          summary: '编辑流程',
          description: SAVE_DESCRIPTION,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        const saved = await save(request, editFlow);
        summaries.set(request, `编辑流程 ${saved.name} #${saved.id} 产品 ${saved.product.number}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.flowDelete,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '删除流程', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const context = await contextOf(request);
        const removed = await db.kysely.transaction().execute((trx) => deleteFlow(trx, context, request.body.id));
        await releaseAfterCommit(removed);
        summaries.set(request, `删除流程 ${removed.name} #${removed.id} 产品 ${removed.product.number}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.flowChangePosition,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '交换流程顺序', body: flowSwapBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const context = await contextOf(request);
        const { fromId, toId } = request.body;
        const { from, product } = await db.kysely.transaction().execute((trx) => swapFlows(trx, context, fromId, toId));
        summaries.set(request, `交换流程顺序 ${from.name} #${fromId} ↔ #${toId} 产品 ${product.number}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.flowInsertPosition,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '移动流程位置', body: flowInsertBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const context = await contextOf(request);
        const { middle, product } = await db.kysely.transaction().execute((trx) => moveFlow(trx, context, request.body));
        const { left, right } = request.body;
        summaries.set(
          request,
          `移动流程 ${middle.name} #${middle.id} 到 ${left ? `#${left}` : '开头'} 与 ${right ? `#${right}` : '末尾'} 之间 产品 ${product.number}`,
        );
        return ok(null);
      },
    );
  };
}
