import { PassThrough } from 'node:stream';
import { PATHS, PRODUCTION_CODE_ENDPOINTS as CODES, PUBLIC } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { EXPORT_CONTENT_TYPES } from '../../platform/export-formats.js';
import { matchesNoneMatch } from '../../platform/file-response.js';
import { contentDisposition } from '../../platform/files.js';
import { codeCount } from '../../platform/production-codes.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { rawRoute, route } from '../../platform/route.js';
import { taskVisible } from '../../platform/task-scope.js';
import { codesCsv, exportFileName, writeCodesXlsx } from './code-export.js';
import { codeExists, codesAfter, exportedTask } from './production-code.repository.js';
import { codeOfQrFile, qrEntityTag, renderQrPng } from './qr-image.js';

/** A code's label never changes, so a browser or proxy may keep the image for good. */
const QR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** 生产编码: export, QR urls and the QR image (issue 5). */
export function productionCodeRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    rawRoute(
      app,
      CODES.taskExportCodes,
      async (request, reply) => {
        const { taskId, fileName, format } = request.query;
        const task = await exportedTask(db.kysely, await request.scope(), taskId);
        if (!task) throw notFound();
        reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', contentDisposition('attachment', exportFileName(task, fileName, format)))
          .header('cache-control', 'no-store');
        if (format === 'csv') return reply.send(codesCsv(db.kysely, task));
        // The headers are out once streaming starts, so a failure past this point
        // can only cut the download short (and is logged by Fastify).
        const body = new PassThrough();
        writeCodesXlsx(db.kysely, task, body).catch((error: unknown) => body.destroy(error as Error));
        return reply.send(body);
      },
      {
        description: `The task's codes in label order as xlsx or csv (UTF-8 with BOM), an attachment named \`<fileName>.<format>\`; refusals are the JSON envelope`,
      },
    );

    route(
      app,
      CODES.taskQrCodeUrls,
      async (request) => {
        const { taskId, afterSequence, pageSize } = request.query;
        if (!(await taskVisible(db.kysely, await request.scope(), taskId))) throw notFound();
        // Codes only, a page at a time (issue 19): the console makes each image's address (qrImagePath).
        const rows = await codesAfter(db.kysely, taskId, afterSequence, pageSize);
        const last = rows.at(-1);
        const total = await codeCount(db.kysely, taskId);
        return {
          total,
          codes: rows.map((row) => row.code),
          nextAfter: last && last.sequence < total ? last.sequence : null,
        };
      },
      {
        description:
          'The task\'s codes in label order, `pageSize` (default 2,000, at most 5,000) after the code numbered `afterSequence` (0: from the first); `nextAfter` is the next page\'s `afterSequence`, null after the last. Each label\'s image is `/api/productionCode/qr/<code>.png` (contracts `qrImagePath`)',
      },
    );

    // Public on purpose, like /api/file/<key>: the print view's <img> can not send
    // the bearer token, and a code is 50 random bits handed out only to whoever
    // may export the task's codes (docs/decisions.md, files are public by capability).
    app.get(
      `${PATHS.productionCodeQr}/:file`,
      {
        config: { permission: PUBLIC },
        schema: {
          tags: [CODES.taskQrCodeUrls.tag],
          summary: '生产编码的二维码图片',
          description: `\`<code>.png\`: a 256x256 PNG, cacheable for good`,
          params: z.object({ file: z.string() }),
        },
      },
      async (request, reply) => {
        const code = codeOfQrFile(request.params.file);
        if (code === null || !(await codeExists(db.kysely, code))) throw notFound();
        const tag = qrEntityTag(code);
        reply.header('etag', tag).header('cache-control', QR_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
        if (matchesNoneMatch(request.headers['if-none-match'], tag)) return reply.status(304).send();
        return reply.type('image/png').send(await renderQrPng(code));
      },
    );
  };
}
