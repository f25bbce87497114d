import {
  envelopeOf,
  FIRMWARE_MAX_BYTES,
  firmware,
  firmwareAddQuery,
  firmwareEditQuery,
  firmwareListQuery,
  idBody,
  idQuery,
  MSG,
  need,
  pageOf,
  PATHS,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { discardReceivedBlobs, type ReceivedBlob, releaseBlob } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { tenancyOf } from '../../platform/tenancy.js';
import { findProduct } from '../product/product.repository.js';
import { drainBody, FIRMWARE_FIELD, receiveFirmwareFile } from './firmware-upload.js';
import { findFirmware, firmwarePage } from './firmware.repository.js';
import { addFirmware, deleteFirmware, editFirmware, firmwareLabel, stopFirmware, toFirmware, useFirmware } from './firmware.service.js';

const tags = ['固件'];
const MENU = '/productCenter';
const MAX_MB = FIRMWARE_MAX_BYTES / 1024 / 1024;

export function firmwareRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  // Summaries naming the product and firmware a call changed, known only once the handler read them.
  const summaries = new WeakMap<FastifyRequest, string>();
  const logSummary = (request: FastifyRequest) => summaries.get(request);

  /** Runs a write that records `blob`; the blob is released if the write fails. */
  async function recording<T>(blob: ReceivedBlob | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (blob) await discardReceivedBlobs(db.kysely, config.filesDir, [blob]);
      throw error;
    }
  }

  /** After the commit: a rollback must never lose bytes another row still names. */
  async function release(files: readonly string[]): Promise<void> {
    for (const sha256 of files) await releaseBlob(db.kysely, config.filesDir, sha256);
  }

  return async (app) => {
    app.get(
      PATHS.firmwareList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '固件列表', querystring: firmwareListQuery, response: { 200: envelopeOf(pageOf(firmware)) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const { productId, type, page, pageSize } = request.query;
        if (!(await findProduct(db.kysely, tenancy, productId))) throw notFound();
        const { rows, total } = await firmwarePage(db.kysely, productId, type, { page, pageSize });
        return ok({ list: rows.map((row) => toFirmware(row, config.timeZone)), total, pageSize, pageNum: page });
      },
    );

    app.get(
      PATHS.firmwareDetail,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '固件详情', querystring: idQuery, response: { 200: envelopeOf(firmware) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const row = await findFirmware(db.kysely, tenancy, request.query.id);
        if (!row) throw notFound();
        return ok(toFirmware(row, config.timeZone));
      },
    );

    // The guard refuses a user without the button before a byte of the body is read,
    // and an unknown or published product is refused before the file is received.
    app.post(
      PATHS.firmwareAdd,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: {
          tags,
          summary: '新增固件',
          description: `multipart/form-data, the firmware file in the field \`${FIRMWARE_FIELD}\`, at most ${MAX_MB} MB`,
          consumes: ['multipart/form-data'],
          querystring: firmwareAddQuery,
          response: { 200: envelopeOf(z.number().int()) },
        },
      },
      async (request) => {
        const account = requireAccount(request);
        const tenancy = await tenancyOf(db.kysely, account);
        const product = await findProduct(db.kysely, tenancy, request.query.productId);
        if (!product || product.publishStatus !== 'UNPUBLISH') {
          drainBody(request);
          throw product ? conflict(MSG.productNotEditable) : notFound();
        }
        const blob = await receiveFirmwareFile(request, db.kysely, config.filesDir);
        if (!blob) throw badRequest(MSG.firmwareFileRequired);
        const added = await recording(blob, () =>
          db.kysely.transaction().execute((trx) => addFirmware(trx, db, tenancy, account.id, request.query, blob)),
        );
        const named = firmwareLabel(added.product, { type: request.query.type, versionNumber: request.query.version });
        summaries.set(request, `新增固件 ${named} (${blob.originName}) #${added.id}`);
        return ok(added.id);
      },
    );

    app.post(
      PATHS.firmwareEdit,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: {
          tags,
          summary: '编辑固件',
          description:
            `version and description as query values; a new file (multipart, field \`${FIRMWARE_FIELD}\`, ` +
            `at most ${MAX_MB} MB) replaces the old one`,
          consumes: ['multipart/form-data', 'application/json'],
          querystring: firmwareEditQuery,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        const account = requireAccount(request);
        const tenancy = await tenancyOf(db.kysely, account);
        const current = await findFirmware(db.kysely, tenancy, request.query.id);
        const product = current ? await findProduct(db.kysely, tenancy, current.productId) : undefined;
        if (!current || !product) {
          drainBody(request);
          throw notFound();
        }
        if (product.publishStatus !== 'UNPUBLISH' || current.status === 'USE') {
          drainBody(request);
          throw conflict(product.publishStatus !== 'UNPUBLISH' ? MSG.productNotEditable : MSG.firmwareInUse);
        }
        const blob = await receiveFirmwareFile(request, db.kysely, config.filesDir);
        const edited = await recording(blob, () =>
          db.kysely.transaction().execute((trx) => editFirmware(trx, db, tenancy, account.id, request.query, blob)),
        );
        await release(edited.releasedFiles);
        const before = firmwareLabel(edited.product, edited.firmware);
        const after = firmwareLabel(edited.product, { type: edited.firmware.type, versionNumber: request.query.version });
        const file = blob ? ` (新文件 ${blob.originName})` : '';
        summaries.set(request, `编辑固件 ${before === after ? after : `${before} → ${request.query.version}`}${file}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.firmwareUse,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '开启固件', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const used = await db.kysely.transaction().execute((trx) => useFirmware(trx, db, tenancy, request.body.id));
        summaries.set(request, `开启固件 ${firmwareLabel(used.product, used.firmware)}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.firmwareStop,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '停止固件', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const stopped = await db.kysely.transaction().execute((trx) => stopFirmware(trx, db, tenancy, request.body.id));
        summaries.set(request, `停止固件 ${firmwareLabel(stopped.product, stopped.firmware)}`);
        return ok(null);
      },
    );

    app.post(
      PATHS.firmwareDelete,
      {
        config: { permission: need(MENU, 'set'), logSummary },
        schema: { tags, summary: '删除固件', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const tenancy = await tenancyOf(db.kysely, requireAccount(request));
        const deleted = await db.kysely.transaction().execute((trx) => deleteFirmware(trx, db, tenancy, request.body.id));
        await release(deleted.releasedFiles);
        summaries.set(request, `删除固件 ${firmwareLabel(deleted.product, deleted.firmware)} (${deleted.firmware.originName})`);
        return ok(null);
      },
    );
  };
}
