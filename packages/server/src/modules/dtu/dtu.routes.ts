import { COMMUNICATION_TYPES, DTU_ENDPOINTS as DTU } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { findDtu, toDtu } from '../../platform/dtus.js';
import { notFound } from '../../platform/errors.js';
import { releaseBlob } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { dtuPage, findListedPart } from './dtu.repository.js';
import { addDtu, archiveDtu, editDtu } from './dtu.service.js';

/** The model named in a body, validated or not (a refused call is put on record too). */
function dtuTypeInBody(request: FastifyRequest): string | undefined {
  const dtuType = (request.body as Record<string, unknown> | undefined)?.dtuType;
  return typeof dtuType === 'string' && dtuType.trim() ? dtuType.trim().slice(0, 64) : undefined;
}

/** The DTU models of a part (parts screen: partsDetail, partsPotion). */
export function dtuRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, DTU.dtuCommunicationTypes, async () =>
      COMMUNICATION_TYPES.map(({ code, name, identity }) => ({ code, name, identity })),
    );

    route(app, DTU.dtuList, async (request) => {
      const { fittingId, communicationType, dtuType, page, pageSize } = request.query;
      const scope = await request.scope();
      if (!(await findListedPart(db.kysely, scope, fittingId))) throw notFound();
      const { rows, total } = await dtuPage(db.kysely, scope, { fittingId, communicationType, dtuType }, { page, pageSize });
      return { list: rows.map((row) => toDtu(row, config.timeZone)), total, pageSize, pageNum: page };
    });

    // Any DTU of the tenant, a part's or a module's, archived ones too: task and record pages still show theirs.
    route(app, DTU.dtuDetail, async (request) => {
      const row = await findDtu(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toDtu(row, config.timeZone);
    });

    route(
      app,
      DTU.dtuAdd,
      async (request) => {
        const scope = await request.scope();
        const id = await inTransaction(db, (tx) => addDtu(tx, scope, request.body));
        request.operationSummary = `新增DTU ${request.body.dtuType} 配件 #${request.body.fittingId}`;
        return id;
      },
      { config: { logSummary: (request) => `新增DTU ${dtuTypeInBody(request) ?? ''}`.trim() } },
    );

    route(
      app,
      DTU.dtuEdit,
      async (request) => {
        const scope = await request.scope();
        const { id, ...fields } = request.body;
        const edited = await inTransaction(db, (tx) => editDtu(tx, scope, id, fields));
        // After the commit: a rollback must never lose bytes another row still names.
        for (const sha256 of edited.releasedFiles) await releaseBlob(db.kysely, config.filesDir, sha256);
        const named = edited.before === edited.dtuType ? edited.dtuType : `${edited.before} → ${edited.dtuType}`;
        request.operationSummary = `编辑DTU ${named}`;
        return null;
      },
      { config: { logSummary: (request) => `编辑DTU ${dtuTypeInBody(request) ?? ''}`.trim() } },
    );

    route(app, DTU.dtuDelete, async (request) => {
      const scope = await request.scope();
      const archived = await inTransaction(db, (tx) => archiveDtu(tx, scope, request.body.id));
      request.operationSummary = `归档DTU ${archived.dtuType}`;
      return null;
    });
  };
}
