import { RECORD_COUNT_HEADER, RECORDS_ENDPOINTS as RECORDS } from '@factory/contracts';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES } from '../../platform/export-formats.js';
import { contentDisposition } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { rawRoute, route } from '../../platform/route.js';
import { recordWorkbook } from './record-export.js';
import { openRecordListExport } from './record-list-export.js';
import {
  deviceTrace as loadTrace,
  flowCheckDetail as loadCheckDetail,
  flowHistory,
  recordDetail as loadRecordDetail,
  recordFilters,
  recordList,
} from './record-views.js';

/** 生产记录: records, flow check detail and history, record export, device trace (issue 7). */
export function recordRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      RECORDS.recordList,
      async (request) => recordList(db.kysely, db.dialect, await request.scope(), request.query, config.timeZone),
      {
        description:
          'The tested devices of a task, newest first test first (createTime, the id breaking ties); fromTime (inclusive) and toTime (exclusive) bound the first test by day in the factory zone; searchText matches the start of the code, SN, MAC or IMEI. A filtered total is counted up to 10,000 (totalCapped past it); after / before (a page\'s lastCursor / firstCursor) read the next / previous page by keyset',
      },
    );

    route(
      app,
      RECORDS.recordDetail,
      async (request) => loadRecordDetail(db.kysely, await request.scope(), request.query.id, config.timeZone),
      { description: 'The record of the device with this production code: each flow of its task with the latest result there' },
    );

    rawRoute(
      app,
      RECORDS.recordExport,
      async (request, reply) => {
        const { fileName, content } = await recordWorkbook(db.kysely, await request.scope(), request.query.id, config.timeZone);
        return reply
          .type(EXPORT_CONTENT_TYPES.xlsx)
          .header('content-disposition', contentDisposition('attachment', fileName))
          .header('cache-control', 'no-store')
          .send(content);
      },
      {
        description:
          'xlsx of the device (`?id=<production code>`): its fields, then one row per result in time order with every check; an attachment named `<model>_生产记录_<code>.xlsx`; refusals are the JSON envelope',
      },
    );

    rawRoute(
      app,
      RECORDS.recordExportList,
      async (request, reply) => {
        const { query } = request;
        const filters = recordFilters(query, config.timeZone);
        const file = await openRecordListExport(db.kysely, db.dialect, await request.scope(), query.taskId, filters, config.timeZone);
        reply
          .type(EXPORT_CONTENT_TYPES.xlsx)
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'no-store')
          .header(RECORD_COUNT_HEADER, String(file.count));
        // The headers are out once streaming starts, so a failure past this point
        // can only cut the download short (and is logged by Fastify).
        const body = new PassThrough();
        file.write(body).catch((error: unknown) => body.destroy(error as Error));
        return reply.send(body);
      },
      {
        description: `xlsx of the records the list answers with the same filters (taskId, testStatus, fromTime, toTime, searchText), every page, in the list's order: one row a device with its codes, first and last test, status, lines and each flow's latest result; an attachment named \`<model>_生产记录_<taskId>.xlsx\`, streamed as it is written, with the record count in the \`${RECORD_COUNT_HEADER}\` header; refusals are the JSON envelope`,
      },
    );

    route(
      app,
      RECORDS.flowCheckDetail,
      async (request) => loadCheckDetail(db.kysely, await request.scope(), request.query.id, config.timeZone),
      { description: 'One flow result (`?id=<flow result id>`) with each auto-check item and manual check as judged' },
    );

    route(
      app,
      RECORDS.flowHistoryList,
      async (request) => flowHistory(db.kysely, await request.scope(), request.query, config.timeZone),
      { description: "The device's results at one flow of its task (flowTopoId), newest first; page size 5 unless given" },
    );

    route(
      app,
      RECORDS.deviceTrace,
      async (request) => loadTrace(db.kysely, await request.scope(), request.query.text, config.timeZone),
      {
        description:
          'The devices in scope whose production code, SN, MAC or IMEI equals the text (as typed or in capitals), at most 20, most recently tested first, each with every result in time order',
      },
    );
  };
}
