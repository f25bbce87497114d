import {
  envelopeOf,
  flowCheckDetail,
  flowHistoryEntry,
  flowHistoryQuery,
  idQuery,
  need,
  pageOf,
  PATHS,
  RECORD_COUNT_HEADER,
  recordDetail,
  recordDetailQuery,
  recordExportListQuery,
  recordListQuery,
  recordPage,
  traceAnswer,
  traceQuery,
} from '@factory/contracts';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { contentDisposition } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { EXPORT_CONTENT_TYPES } from '../production-code/code-export.js';
import { taskScopeOf } from '../task/task-scope.js';
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

const tags = ['生产记录'];
/** Records are pages of 产线检测 (DESIGN.md §4: pages reached from a menu page need that menu). */
const MENU = '/productionCenter';

/** 生产记录: records, flow check detail and history, record export, device trace (issue 7). */
export function recordRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  const scopeOf = (account: Parameters<typeof taskScopeOf>[1]) => taskScopeOf(db.kysely, account);

  return async (app) => {
    app.get(
      PATHS.recordList,
      {
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '生产记录列表',
          description:
            'The tested devices of a task, newest first test first (createTime, the id breaking ties); fromTime (inclusive) and toTime (exclusive) bound the first test by day in the factory zone; searchText matches the start of the code, SN, MAC or IMEI',
          querystring: recordListQuery,
          response: { 200: envelopeOf(recordPage) },
        },
      },
      async (request) => ok(await recordList(db.kysely, db.dialect, await scopeOf(requireAccount(request)), request.query, config.timeZone)),
    );

    app.get(
      PATHS.recordDetail,
      {
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '生产记录详情',
          description: 'The record of the device with this production code: each flow of its task with the latest result there',
          querystring: recordDetailQuery,
          response: { 200: envelopeOf(recordDetail) },
        },
      },
      async (request) => ok(await loadRecordDetail(db.kysely, await scopeOf(requireAccount(request)), request.query.id, config.timeZone)),
    );

    app.get(
      PATHS.recordExport,
      {
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '导出生产记录',
          description:
            'xlsx of the device (`?id=<production code>`): its fields, then one row per result in time order with every check; an attachment named `<model>_生产记录_<code>.xlsx`; refusals are the JSON envelope',
          querystring: recordDetailQuery,
        },
      },
      async (request, reply) => {
        const { fileName, content } = await recordWorkbook(db.kysely, await scopeOf(requireAccount(request)), request.query.id, config.timeZone);
        return reply
          .type(EXPORT_CONTENT_TYPES.xlsx)
          .header('content-disposition', contentDisposition('attachment', fileName))
          .header('cache-control', 'no-store')
          .send(content);
      },
    );

    app.get(
      PATHS.recordExportList,
      {
        // The single record's export asks the menu alone; exporting the list is the same data, so the same permission.
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '导出生产记录列表',
          description: `xlsx of the records the list answers with the same filters (taskId, testStatus, fromTime, toTime, searchText), every page, in the list's order: one row a device with its codes, first and last test, status, lines and each flow's latest result; an attachment named \`<model>_生产记录_<taskId>.xlsx\`, streamed as it is written, with the record count in the \`${RECORD_COUNT_HEADER}\` header; refusals are the JSON envelope`,
          querystring: recordExportListQuery,
        },
      },
      async (request, reply) => {
        const { query } = request;
        const filters = recordFilters(query, config.timeZone);
        const scope = await scopeOf(requireAccount(request));
        const file = await openRecordListExport(db.kysely, db.dialect, scope, query.taskId, filters, config.timeZone);
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
    );

    app.get(
      PATHS.flowCheckDetail,
      {
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '流程检测详情',
          description: 'One flow result (`?id=<flow result id>`) with each auto-check item and manual check as judged',
          querystring: idQuery,
          response: { 200: envelopeOf(flowCheckDetail) },
        },
      },
      async (request) => ok(await loadCheckDetail(db.kysely, await scopeOf(requireAccount(request)), request.query.id, config.timeZone)),
    );

    app.get(
      PATHS.flowHistoryList,
      {
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '流程检测历史',
          description: "The device's results at one flow of its task (flowTopoId), newest first; page size 5 unless given",
          querystring: flowHistoryQuery,
          response: { 200: envelopeOf(pageOf(flowHistoryEntry)) },
        },
      },
      async (request) => ok(await flowHistory(db.kysely, await scopeOf(requireAccount(request)), request.query, config.timeZone)),
    );

    app.get(
      PATHS.deviceTrace,
      {
        config: { permission: need(MENU) },
        schema: {
          tags,
          summary: '设备追溯',
          description:
            'The devices in scope whose production code, SN, MAC or IMEI equals the text (as typed or in capitals), at most 20, most recently tested first, each with every result in time order',
          querystring: traceQuery,
          response: { 200: envelopeOf(traceAnswer) },
        },
      },
      async (request) => ok(await loadTrace(db.kysely, await scopeOf(requireAccount(request)), request.query.text, config.timeZone)),
    );
  };
}
