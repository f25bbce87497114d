import {
  ACCESSORY_MSG,
  COMMUNICATION_ENDPOINTS as MODULES,
  communicationEditParam,
  communicationPartParam,
  MODULE_IMAGE_FIELD,
  MODULE_PARAM_FIELD,
} from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { readMultipartForm, releaseBlobs, withReceivedBlobs } from '../../platform/multipart-form.js';
import { route } from '../../platform/route.js';
import { findModule, modulePage } from './communication-module.repository.js';
import { addModule, deleteModule, editModule, toModule } from './communication-module.service.js';

const IMAGE_SLOT = { [MODULE_IMAGE_FIELD]: { image: { tooLarge: ACCESSORY_MSG.moduleImageTooLarge } } };
const PARAM_PART = { part: MODULE_PARAM_FIELD, missing: ACCESSORY_MSG.moduleParamRequired };

/** OpenAPI only: what add and edit take */
const formDocs = (fields: string) =>
  ({
    description:
      `multipart/form-data: the part \`${MODULE_PARAM_FIELD}\` (JSON, as a text field or a JSON file part: ${fields}) ` +
      `and an optional image \`${MODULE_IMAGE_FIELD}\` (png or jpg under 500 KB)`,
    consumes: ['multipart/form-data'],
  }) as const;

export function communicationModuleRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, MODULES.communicationList, async (request) => {
      const { page, pageSize, communicationType, modelType } = request.query;
      const { rows, total } = await modulePage(db.kysely, await request.scope(), { communicationType, modelType }, { page, pageSize });
      return { list: rows.map((row) => toModule(row, config.timeZone)), total, pageSize, pageNum: page };
    });

    route(app, MODULES.communicationDetail, async (request) => {
      const row = await findModule(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toModule(row, config.timeZone);
    });

    route(
      app,
      MODULES.communicationAdd,
      async (request) => {
        const scope = await request.scope();
        const form = await readMultipartForm(request, db.kysely, config.filesDir, {
          fields: communicationPartParam,
          files: IMAGE_SLOT,
          json: PARAM_PART,
        });
        const id = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () =>
          inTransaction(db, (tx) => addModule(tx, scope, form.fields, form.files[MODULE_IMAGE_FIELD])),
        );
        request.operationSummary = `新增通信模块 ${form.fields.modelType} #${id}`;
        return id;
      },
      formDocs('modelType, communicationType, standardVoltage, productCompany'),
    );

    route(
      app,
      MODULES.communicationEdit,
      async (request) => {
        const scope = await request.scope();
        const form = await readMultipartForm(request, db.kysely, config.filesDir, {
          fields: communicationEditParam,
          files: IMAGE_SLOT,
          json: PARAM_PART,
        });
        const { id, ...fields } = form.fields;
        const image = form.files[MODULE_IMAGE_FIELD];
        const edited = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () =>
          inTransaction(db, (tx) => editModule(tx, scope, id, fields, image)),
        );
        await releaseBlobs(db.kysely, config.filesDir, edited.releasedFiles);
        const before = edited.before.modelType;
        const named = before === fields.modelType ? before : `${before} → ${fields.modelType}`;
        request.operationSummary = `编辑通信模块 ${named} #${id}${image ? ' (新图片)' : ''}`;
        return null;
      },
      formDocs('id and the fields of add; without an image the current one stays'),
    );

    route(app, MODULES.communicationDelete, async (request) => {
      const scope = await request.scope();
      const module = await inTransaction(db, (tx) => deleteModule(tx, scope, request.body.id));
      request.operationSummary = `删除通信模块 ${module.modelType} #${module.id}`;
      return null;
    });
  };
}
