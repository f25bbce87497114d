import {
  DOCUMENT_MENU,
  DOCUMENT_TYPE_NAMES,
  DOCUMENT_TYPES,
  type DocumentType,
  documentItem,
  documentListQuery,
  documentUploadQuery,
  envelopeOf,
  type FunCode,
  idBody,
  needAnyOf,
  PATHS,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount, requirePermission } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { findDocument, listDocuments } from './document.repository.js';
import { removeDocument, saveDocument, toDocumentItem } from './document.service.js';
import { fileRoutes } from './file.routes.js';
import { requireAnyGrant } from './upload-access.js';
import { receiveFileParts } from '../../platform/upload-parts.js';

const tags = ['文档'];

function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Any document viewer: the coarse need of every document route, checked by the guard. */
const ANY_DOCUMENT_MENU = needAnyOf(...Object.values(DOCUMENT_MENU));
/** The button `fun` on any document viewer. */
const anyDocumentButton = (fun: FunCode) => Object.values(DOCUMENT_MENU).map((menu) => ({ menu, fun }));

/**
 * The viewer menu of the `type` in the raw query string, or undefined for an
 * unknown type so that validation answers 400 文档类型不正确 (to a user who holds
 * the menu, or the button, of some type: the others were refused before).
 */
function documentMenuNeed(fun?: FunCode) {
  return (request: FastifyRequest) => {
    const type = (request.query as Record<string, unknown> | undefined)?.type;
    if (!isDocumentType(type)) return undefined;
    return fun ? { menu: DOCUMENT_MENU[type], fun } : { menu: DOCUMENT_MENU[type] };
  };
}

export function documentRoutes(context: ModuleContext): FastifyPluginAsyncZod {
  const { db, config } = context;
  // What the operation log says about an upload or a deletion (the file's name).
  const summaries = new WeakMap<FastifyRequest, string>();
  const logSummary = (request: FastifyRequest) => summaries.get(request);

  return async (app) => {
    app.get(
      PATHS.documentList,
      {
        config: { permission: ANY_DOCUMENT_MENU, refinePermission: documentMenuNeed() },
        schema: {
          tags,
          summary: '文档列表',
          querystring: documentListQuery,
          response: { 200: envelopeOf(z.array(documentItem)) },
        },
      },
      async (request) => {
        const rows = await listDocuments(db.kysely, request.query.type, request.query.originName);
        return ok(rows.map((row) => toDocumentItem(row, config.timeZone)));
      },
    );

    // Refused before a byte of the body is read: without the add button of any type
    // (onRequest), then without that of the type in the query (preValidation).
    app.post(
      PATHS.documentUpload,
      {
        config: { permission: ANY_DOCUMENT_MENU, refinePermission: documentMenuNeed('add'), logSummary },
        onRequest: requireAnyGrant(db, anyDocumentButton('add')),
        schema: {
          tags,
          summary: '上传文档',
          description: 'multipart/form-data, one file in the field `file`, at most 20 MB',
          consumes: ['multipart/form-data'],
          querystring: documentUploadQuery,
          response: { 200: envelopeOf(documentItem) },
        },
      },
      async (request) => {
        const account = requireAccount(request);
        const [blob] = await receiveFileParts(request, db.kysely, config.filesDir, { field: 'file', max: 1 });
        const item = await saveDocument(db, config, account, request.query.type, blob!);
        summaries.set(request, `上传文档 ${item.originName}（${DOCUMENT_TYPE_NAMES[item.type]}）#${item.id}`);
        return ok(item);
      },
    );

    app.post(
      PATHS.documentDelete,
      {
        config: { permission: ANY_DOCUMENT_MENU, logSummary },
        // Which delete button applies depends on the document's type, known only once
        // the row is read; someone holding none of the three is refused before the
        // body is even validated.
        onRequest: requireAnyGrant(db, anyDocumentButton('delete')),
        schema: { tags, summary: '删除文档', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const account = requireAccount(request);
        const document = await findDocument(db.kysely, request.body.id);
        if (!document) throw notFound();
        await requirePermission(db, account, DOCUMENT_MENU[document.type as DocumentType], 'delete');
        await removeDocument(db, config, document);
        summaries.set(
          request,
          `删除文档 ${document.originName}（${DOCUMENT_TYPE_NAMES[document.type as DocumentType]}）#${document.id}`,
        );
        return ok(null);
      },
    );

    await app.register(fileRoutes(context));
  };
}
