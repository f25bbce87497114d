import fs from 'node:fs';
import { FILE_ENDPOINTS as FILE, MENUS, MSG, PATHS, PUBLIC } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { failure } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { blobPath, contentDisposition, discardReceivedBlobs, fileUrl, isInline, recordStoredFiles } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { findStoredFile } from './file.repository.js';
import { entityTag, matchesNoneMatch, parseRange } from '../../platform/file-response.js';
import { type Grant, requireAnyGrant } from './upload-access.js';
import { receiveFileParts } from '../../platform/upload-parts.js';

const tags = ['文件'];
/**
 * Who may upload: a user who may save a form that attaches files, on the screens
 * that have such forms: the product center (add, set) and seed 002's parts and
 * communication modules, whose DTU forms send their files here (add, edit); see
 * docs/decisions.md. The menus are the endpoint's declared need (the guard), the
 * buttons are checked next, both before a byte of the body is read.
 */
const UPLOAD_BUTTONS: readonly Grant[] = [
  { menu: MENUS.productCenter, fun: 'add' },
  { menu: MENUS.productCenter, fun: 'set' },
  { menu: MENUS.parts, fun: 'add' },
  { menu: MENUS.parts, fun: 'edit' },
  { menu: MENUS.communication, fun: 'add' },
  { menu: MENUS.communication, fun: 'edit' },
];
/** As many files as the multipart limit lets through in one request (app.ts). */
const MAX_FILES = 10;
/** A key's content never changes, so a browser may keep it as long as it likes. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';
/**
 * Uploads are served from the console's own origin, so an SVG (or anything a
 * browser might render) must not run script there and read the session token.
 * PDFs are left out: Chrome's viewer refuses to render under a sandbox policy,
 * and it runs a PDF's own script apart from the page anyway.
 */
const SANDBOX_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export function fileRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      FILE.fileUpload,
      async (request) => {
        const account = requireAccount(request);
        const blobs = await receiveFileParts(request, db.kysely, config.filesDir, { field: 'files', max: MAX_FILES });
        let keys: string[];
        try {
          const stored = await db.kysely.transaction().execute((trx) => recordStoredFiles(trx, blobs, account.id));
          keys = stored.map((file) => file.fileKey);
        } catch (error) {
          await discardReceivedBlobs(db.kysely, config.filesDir, blobs);
          throw error;
        }
        request.operationSummary = `上传文件 ${blobs.map((blob) => blob.originName).join(', ')}`;
        return keys.map(fileUrl);
      },
      {
        onRequest: requireAnyGrant(db, UPLOAD_BUTTONS),
        description: 'multipart/form-data, one or more files in the field `files`, at most 20 MB each; answers their URLs',
        consumes: ['multipart/form-data'],
      },
    );

    // Public on purpose: an <iframe> or <img> can not send the bearer token. The key
    // is 128 random bits handed out only to whoever uploaded the file or may list
    // it, so knowing the URL is the permission (a capability URL), as with the
    // signed links of object stores.
    // Not an endpoint of the contracts: the path carries the key, so it stays under
    // the PATHS.file prefix and answers raw (bytes, ranges, 304).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${PATHS.file}/:key`,
      config: { permission: PUBLIC },
      schema: { tags, summary: '读取已上传的文件', params: z.object({ key: z.string() }) },
      handler: async (request, reply) => {
        const file = await findStoredFile(db.kysely, request.params.key);
        const path = file ? blobPath(config.filesDir, file.sha256) : null;
        const stat = path ? await fs.promises.stat(path).catch(() => null) : null;
        if (!file || !path || !stat) {
          if (file) request.log.warn({ fileKey: file.fileKey, sha256: file.sha256 }, 'stored file missing on disk');
          throw notFound();
        }

        const tag = entityTag(file.sha256);
        reply
          .header('etag', tag)
          .header('cache-control', CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .header('accept-ranges', 'bytes');
        if (matchesNoneMatch(request.headers['if-none-match'], tag)) return reply.status(304).send();

        const size = stat.size;
        const ifRange = request.headers['if-range'];
        const range = ifRange && ifRange !== tag ? null : parseRange(request.headers.range, size);
        if (range === 'unsatisfiable') {
          reply.removeHeader('cache-control');
          return reply.status(416).header('content-range', `bytes */${size}`).send(failure(MSG.invalidInput));
        }
        const { start, end } = range ?? { start: 0, end: size - 1 };
        reply
          .status(range ? 206 : 200)
          .type(file.contentType)
          .header('content-disposition', contentDisposition(isInline(file.contentType) ? 'inline' : 'attachment', file.originName))
          .header('content-length', String(end - start + 1));
        if (range) reply.header('content-range', `bytes ${start}-${end}/${size}`);
        if (file.contentType !== 'application/pdf') reply.header('content-security-policy', SANDBOX_POLICY);
        if (request.method === 'HEAD') return reply.send();
        return reply.send(fs.createReadStream(path, { start, end }));
      },
    });
  };
}
