import {
  ACCESSORY_MSG,
  FITTING_ENDPOINTS as FITTING,
  fittingAddFields,
  fittingEditFields,
  PART_IMAGE_FIELD,
} from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { readMultipartForm, releaseBlobs, withReceivedBlobs } from '../../platform/multipart-form.js';
import { route } from '../../platform/route.js';
import { findFitting, fittingPage } from './part.repository.js';
import { addFitting, deleteFitting, editFitting, fittingLabel, toFitting } from './part.service.js';

const IMAGE_SLOT = { [PART_IMAGE_FIELD]: { image: { tooLarge: ACCESSORY_MSG.partImageTooLarge } } };

/** OpenAPI only: what add and edit take */
const formDocs = (fields: string) =>
  ({
    description: `multipart/form-data: the fields ${fields}, and the part's image in \`${PART_IMAGE_FIELD}\` (png or jpg under 500 KB)`,
    consumes: ['multipart/form-data'],
  }) as const;

export function partRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, FITTING.fittingList, async (request) => {
      const { page, pageSize, fittingType, partDesc } = request.query;
      const { rows, total } = await fittingPage(db.kysely, await request.scope(), { fittingType, partDesc }, { page, pageSize });
      return { list: rows.map((row) => toFitting(row, config.timeZone)), total, pageSize, pageNum: page };
    });

    route(app, FITTING.fittingDetail, async (request) => {
      const row = await findFitting(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toFitting(row, config.timeZone);
    });

    route(
      app,
      FITTING.fittingAdd,
      async (request) => {
        const scope = await request.scope();
        const form = await readMultipartForm(request, db.kysely, config.filesDir, { fields: fittingAddFields, files: IMAGE_SLOT });
        const id = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, async () => {
          const image = form.files[PART_IMAGE_FIELD];
          if (!image) throw badRequest(ACCESSORY_MSG.partImageRequired);
          return inTransaction(db, (tx) => addFitting(tx, scope, form.fields, image));
        });
        request.operationSummary = `新增配件 ${fittingLabel(form.fields)} #${id}`;
        return id;
      },
      formDocs('fittingType, partDesc; the image is required'),
    );

    route(
      app,
      FITTING.fittingEdit,
      async (request) => {
        const scope = await request.scope();
        const form = await readMultipartForm(request, db.kysely, config.filesDir, { fields: fittingEditFields, files: IMAGE_SLOT });
        const { id, ...fields } = form.fields;
        const image = form.files[PART_IMAGE_FIELD];
        const edited = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () =>
          inTransaction(db, (tx) => editFitting(tx, scope, id, fields, image)),
        );
        await releaseBlobs(db.kysely, config.filesDir, edited.releasedFiles);
        const before = fittingLabel(edited.before);
        const after = fittingLabel(fields);
        request.operationSummary = `编辑配件 ${before === after ? after : `${before} → ${after}`} #${id}${image ? ' (新图片)' : ''}`;
        return null;
      },
      formDocs('id, fittingType, partDesc; without an image the current one stays'),
    );

    route(app, FITTING.fittingDelete, async (request) => {
      const scope = await request.scope();
      const part = await inTransaction(db, (tx) => deleteFitting(tx, scope, request.body.id));
      request.operationSummary = `删除配件 ${fittingLabel(part)} #${part.id}`;
      return null;
    });
  };
}
