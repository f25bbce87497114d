import {
  DOCUMENT_ENDPOINTS as DOCUMENT,
  DOCUMENT_MENU,
  DOCUMENT_TYPE_NAMES,
  DOCUMENT_TYPES,
  type DocumentType,
  type FunCode,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount, requirePermission } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { receiveFileParts } from '../../platform/upload-parts.js';
import { findDocument, listDocuments } from './document.repository.js';
import { removeDocument, saveDocument, toDocumentItem } from './document.service.js';
import { fileRoutes } from './file.routes.js';
import { requireAnyGrant } from './upload-access.js';

function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

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

/** What the operation log says about an upload or a deletion: the file's name and type. */
const summaryOf = (document: { id: number; originName: string; type: string }) =>
  `${document.originName}（${DOCUMENT_TYPE_NAMES[document.type as DocumentType]}）#${document.id}`;

export function documentRoutes(context: ModuleContext): FastifyPluginAsyncZod {
  const { db, config } = context;

  return async (app) => {
    route(
      app,
      DOCUMENT.documentList,
      async (request) => {
        const rows = await listDocuments(db.kysely, request.query.type, request.query.originName);
        return rows.map((row) => toDocumentItem(row, config.timeZone));
      },
      { config: { refinePermission: documentMenuNeed() } },
    );

    // Refused before a byte of the body is read: without the add button of any type
    // (onRequest), then without that of the type in the query (preValidation).
    route(
      app,
      DOCUMENT.documentUpload,
      async (request) => {
        const account = requireAccount(request);
        const [blob] = await receiveFileParts(request, db.kysely, config.filesDir, { field: 'file', max: 1 });
        const item = await saveDocument(db, config, account, request.query.type, blob!);
        request.operationSummary = `上传文档 ${summaryOf(item)}`;
        return item;
      },
      {
        config: { refinePermission: documentMenuNeed('add') },
        onRequest: requireAnyGrant(db, anyDocumentButton('add')),
        description: 'multipart/form-data, one file in the field `file`, at most 20 MB',
        consumes: ['multipart/form-data'],
      },
    );

    route(
      app,
      DOCUMENT.documentDelete,
      async (request) => {
        const account = requireAccount(request);
        const document = await findDocument(db.kysely, request.body.id);
        if (!document) throw notFound();
        await requirePermission(db, account, DOCUMENT_MENU[document.type as DocumentType], 'delete');
        await removeDocument(db, config, document);
        request.operationSummary = `删除文档 ${summaryOf(document)}`;
        return null;
      },
      // Which delete button applies depends on the document's type, known only once
      // the row is read; someone holding none of the three is refused before the
      // body is even validated.
      { onRequest: requireAnyGrant(db, anyDocumentButton('delete')) },
    );

    await app.register(fileRoutes(context));
  };
}
