import { FIRMWARE_ENDPOINTS as FIRMWARE, FIRMWARE_MAX_BYTES, MSG } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { discardReceivedBlobs, type ReceivedBlob, releaseBlob } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { findProduct } from '../../platform/products.js';
import { route } from '../../platform/route.js';
import { drainBody, FIRMWARE_FIELD, receiveFirmwareFile } from './firmware-upload.js';
import { findFirmware, firmwarePage } from './firmware.repository.js';
import {
  addFirmware,
  deleteFirmware,
  editFirmware,
  firmwareLabel,
  stopFirmware,
  toFirmware,
  useFirmware,
} from './firmware.service.js';

const MAX_MB = FIRMWARE_MAX_BYTES / 1024 / 1024;

export function firmwareRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
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
    route(app, FIRMWARE.firmwareList, async (request) => {
      const { productId, type, page, pageSize } = request.query;
      if (!(await findProduct(db.kysely, await request.scope(), productId))) throw notFound();
      const { rows, total } = await firmwarePage(db.kysely, productId, type, { page, pageSize });
      return { list: rows.map((row) => toFirmware(row, config.timeZone)), total, pageSize, pageNum: page };
    });

    route(app, FIRMWARE.firmwareDetail, async (request) => {
      const row = await findFirmware(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toFirmware(row, config.timeZone);
    });

    // The guard refuses a user without the button before a byte of the body is read,
    // and an unknown or published product is refused before the file is received.
    route(
      app,
      FIRMWARE.firmwareAdd,
      async (request) => {
        const scope = await request.scope();
        const product = await findProduct(db.kysely, scope, request.query.productId);
        if (!product || product.publishStatus !== 'UNPUBLISH') {
          drainBody(request);
          throw product ? conflict(MSG.productNotEditable) : notFound();
        }
        const blob = await receiveFirmwareFile(request, db.kysely, config.filesDir);
        if (!blob) throw badRequest(MSG.firmwareFileRequired);
        const added = await recording(blob, () =>
          inTransaction(db, (tx) => addFirmware(tx, scope, scope.account.id, request.query, blob)),
        );
        const named = firmwareLabel(added.product, { type: request.query.type, versionNumber: request.query.version });
        request.operationSummary = `新增固件 ${named} (${blob.originName}) #${added.id}`;
        return added.id;
      },
      {
        description: `multipart/form-data, the firmware file in the field \`${FIRMWARE_FIELD}\`, at most ${MAX_MB} MB`,
        consumes: ['multipart/form-data'],
      },
    );

    route(
      app,
      FIRMWARE.firmwareEdit,
      async (request) => {
        const scope = await request.scope();
        const current = await findFirmware(db.kysely, scope, request.query.id);
        const product = current ? await findProduct(db.kysely, scope, current.productId) : undefined;
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
          inTransaction(db, (tx) => editFirmware(tx, scope, scope.account.id, request.query, blob)),
        );
        await release(edited.releasedFiles);
        const before = firmwareLabel(edited.product, edited.firmware);
        const after = firmwareLabel(edited.product, { type: edited.firmware.type, versionNumber: request.query.version });
        const file = blob ? ` (新文件 ${blob.originName})` : '';
        request.operationSummary = `编辑固件 ${before === after ? after : `${before} → ${request.query.version}`}${file}`;
        return null;
      },
      {
        description:
          `version and description as query values; a new file (multipart, field \`${FIRMWARE_FIELD}\`, ` +
          `at most ${MAX_MB} MB) replaces the old one`,
        consumes: ['multipart/form-data', 'application/json'],
      },
    );

    route(app, FIRMWARE.firmwareUse, async (request) => {
      const scope = await request.scope();
      const used = await inTransaction(db, (tx) => useFirmware(tx, scope, request.body.id));
      request.operationSummary = `开启固件 ${firmwareLabel(used.product, used.firmware)}`;
      return null;
    });

    route(app, FIRMWARE.firmwareStop, async (request) => {
      const scope = await request.scope();
      const stopped = await inTransaction(db, (tx) => stopFirmware(tx, scope, request.body.id));
      request.operationSummary = `停止固件 ${firmwareLabel(stopped.product, stopped.firmware)}`;
      return null;
    });

    route(app, FIRMWARE.firmwareDelete, async (request) => {
      const scope = await request.scope();
      const deleted = await inTransaction(db, (tx) => deleteFirmware(tx, scope, request.body.id));
      await release(deleted.releasedFiles);
      request.operationSummary = `删除固件 ${firmwareLabel(deleted.product, deleted.firmware)} (${deleted.firmware.originName})`;
      return null;
    });
  };
}
