import { PassThrough } from 'node:stream';
import { DTU_SUBMISSION_ENDPOINTS as DTU_SUBMISSION } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES } from '../../platform/export-formats.js';
import { contentDisposition } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { rawRoute, route } from '../../platform/route.js';
import { openReportExport } from './dtu-report-export.js';
import { reportDetail, reportGprs } from './dtu-report.service.js';

/**
 * The inspection report of a submitted DTU batch (seed 002 §2 /checkReport, §7 report
 * detail and gprs; DESIGN.md §9.3): computed from the rows on every call. A batch is
 * reached through its task in the caller's scope (otherwise 404).
 */
export function dtuReportRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, DTU_SUBMISSION.dtuTaskReportDetail, async (request) => reportDetail(db.kysely, await request.scope(), request.query.id, config.timeZone), {
      description:
        'The report of a batch (`?id=<batch id>`): its DTU, sampling plan and verdict, its first units (batchRecordsComplete says whether all), and the basic checks of its samples by category, five sample columns padded with dashes',
    });

    route(app, DTU_SUBMISSION.dtuTaskReportGprs, async (request) => reportGprs(db.kysely, await request.scope(), request.query.batchId), {
      description:
        "The batch's units (IMEI, else MAC) → signal in dBm, in test order: −113 + 2·CSQ when the unit reported CSQ (99 or out of range: left out), else its RSSI; units without either left out",
    });

    rawRoute(
      app,
      DTU_SUBMISSION.dtuTaskReportExport,
      async (request, reply) => {
        const file = await openReportExport(db.kysely, await request.scope(), request.query.batchId, config.timeZone);
        reply
          .type(EXPORT_CONTENT_TYPES.xlsx)
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'no-store');
        // The headers are out once streaming starts, so a failure past this point
        // can only cut the download short (and is logged by Fastify).
        const body = new PassThrough();
        file.write(body).catch((error: unknown) => body.destroy(error as Error));
        return reply.send(body);
      },
      {
        description:
          'xlsx of the report (`?batchId=`): one sheet 检验报告 with its head, basic and order information, basic checks, signal min/max/mean in dBm and every unit of the batch; an attachment named `<DTU model>_检验报告_<batch number>.xlsx`, streamed as it is written; refusals are the JSON envelope',
      },
    );
  };
}
