import {
  ACCESSORY_MSG,
  COMMUNICATION_ENDPOINTS as MODULES,
  MODULE_DTU_FILE_FIELDS,
  type ModuleDtuFileField,
  moduleDtuAddFields,
  moduleDtuEditFields,
} from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { toDtu } from '../../platform/dtus.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { FileSlot } from '../../platform/multipart-form.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { readMultipartForm, releaseBlobs, withReceivedBlobs } from '../../platform/multipart-form.js';
import { route } from '../../platform/route.js';
import { findModule } from './communication-module.repository.js';
import { findModuleDtu, moduleDtuPage } from './module-dtu.repository.js';
import { addModuleDtu, archiveModuleDtu, editModuleDtu, type ModuleDtuUploads } from './module-dtu.service.js';

const FILE_SLOTS = Object.fromEntries(MODULE_DTU_FILE_FIELDS.map((field) => [field, {}])) as Record<ModuleDtuFileField, FileSlot>;

/** On add each file is required, in the form's order (seed 002 §5). */
const REQUIRED: Record<ModuleDtuFileField, string> = {
  bomListFile: ACCESSORY_MSG.bomListRequired,
  productFile: ACCESSORY_MSG.productFileRequired,
  otherRequestFile: ACCESSORY_MSG.otherRequestRequired,
};

function requireEveryFile(uploads: ModuleDtuUploads): Required<ModuleDtuUploads> {
  for (const field of MODULE_DTU_FILE_FIELDS) if (!uploads[field]) throw badRequest(REQUIRED[field]);
  return uploads as Required<ModuleDtuUploads>;
}

const FILES_DOC = MODULE_DTU_FILE_FIELDS.map((field) => `\`${field}\``).join(', ');

export function moduleDtuRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, MODULES.communicationDtuList, async (request) => {
      const { page, pageSize, communicationPartId, dtuType } = request.query;
      const scope = await request.scope();
      if (!(await findModule(db.kysely, scope, communicationPartId))) throw notFound();
      const { rows, total } = await moduleDtuPage(db.kysely, scope, communicationPartId, dtuType, { page, pageSize });
      return { list: rows.map((row) => toDtu(row, config.timeZone)), total, pageSize, pageNum: page };
    });

    route(app, MODULES.communicationDtuDetail, async (request) => {
      const row = await findModuleDtu(db.kysely, await request.scope(), request.query.id);
      if (!row) throw notFound();
      return toDtu(row, config.timeZone);
    });

    route(
      app,
      MODULES.communicationDtuAdd,
      async (request) => {
        const scope = await request.scope();
        const form = await readMultipartForm(request, db.kysely, config.filesDir, { fields: moduleDtuAddFields, files: FILE_SLOTS });
        const added = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () => {
          const uploads = requireEveryFile(form.files);
          return inTransaction(db, (tx) => addModuleDtu(tx, scope, form.fields, uploads));
        });
        request.operationSummary = `新增DTU ${form.fields.dtuType} 通信模块 ${added.module.modelType} #${added.id}`;
        return added.id;
      },
      {
        description: `multipart/form-data: the fields communicationPartId and dtuType, and the files ${FILES_DOC} (each required)`,
        consumes: ['multipart/form-data'],
      },
    );

    route(
      app,
      MODULES.communicationDtuEdit,
      async (request) => {
        const scope = await request.scope();
        const form = await readMultipartForm(request, db.kysely, config.filesDir, { fields: moduleDtuEditFields, files: FILE_SLOTS });
        const edited = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () =>
          inTransaction(db, (tx) => editModuleDtu(tx, scope, form.fields, form.files)),
        );
        await releaseBlobs(db.kysely, config.filesDir, edited.releasedFiles);
        const before = edited.before.dtuType;
        const named = before === form.fields.dtuType ? before : `${before} → ${form.fields.dtuType}`;
        const replaced = MODULE_DTU_FILE_FIELDS.filter((field) => form.files[field]).length;
        request.operationSummary = `编辑DTU ${named} #${edited.before.id}${replaced ? ` (新文件 ${replaced} 个)` : ''}`;
        return null;
      },
      {
        description:
          `multipart/form-data: the fields id and dtuType, and any of the files ${FILES_DOC} ` +
          '(a file sent replaces the one kept)',
        consumes: ['multipart/form-data'],
      },
    );

    route(app, MODULES.communicationDtuDelete, async (request) => {
      const scope = await request.scope();
      const dtu = await inTransaction(db, (tx) => archiveModuleDtu(tx, scope, request.body.id));
      request.operationSummary = `归档DTU ${dtu.dtuType} #${dtu.id}`;
      return null;
    });
  };
}
