import {
  ACCESSORY_MSG,
  DOWN_PROPS,
  DTU_TASK_ENDPOINTS as DTU_TASK,
  DTU_TASK_EXCEL_FIELD,
  DTU_TASK_MSG,
  DTU_TASK_PARAM_FIELD,
  dtuTaskEditParam,
  dtuTaskParam,
  MSG,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../platform/db.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import { discardReceivedBlobs, type ReceivedBlob } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { readMultipartForm, releaseBlobs, withReceivedBlobs } from '../../platform/multipart-form.js';
import { route } from '../../platform/route.js';
import { dtuTaskDetail, dtuTaskList } from './dtu-task-views.js';
import { findDtuTask } from './dtu-task.repository.js';
import { addDtuTask, changeDtuTaskStatus, dtuTaskLabel, type DtuTaskTransition, editDtuTask, setDuplicateEnable } from './dtu-task.service.js';
import { type MajorMinorExcel, readMajorMinorExcel } from './major-minor-excel.js';
import { padOptions } from './task-pads.js';

const EXCEL_SLOT = { [DTU_TASK_EXCEL_FIELD]: {} };
const PARAM_PART = { part: DTU_TASK_PARAM_FIELD, missing: MSG.invalidInput };

/** OpenAPI only: what add and edit take */
const formDocs = (fields: string) =>
  ({
    description:
      `multipart/form-data: the part \`${DTU_TASK_PARAM_FIELD}\` (JSON, as a text field or a JSON file part: ${fields}) ` +
      `and, with data delivery (needExcel), the .xlsx of major/minor values \`${DTU_TASK_EXCEL_FIELD}\``,
    consumes: ['multipart/form-data'],
  }) as const;

/** The platform's refusals of a file part, in the task form's words. */
function inTaskFormWords(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400) return error;
  if (error.message === ACCESSORY_MSG.fileOnlyOne) return badRequest(DTU_TASK_MSG.excelOnlyOne);
  // an Excel of no bytes: 上传文件不能为空
  if (error.message === MSG.fileRequired) return badRequest(DTU_TASK_MSG.excelRequired);
  return error;
}

/**
 * Reads the task form: the JSON part, and the Excel only when the task delivers data
 * (read before the transaction: a large sheet must not hold the database).
 */
async function readTaskForm<S extends z.ZodType<{ needExcel: boolean }>>(request: FastifyRequest, db: Db, filesDir: string, fields: S) {
  let form;
  try {
    form = await readMultipartForm(request, db.kysely, filesDir, { fields, files: EXCEL_SLOT, json: PARAM_PART });
  } catch (error) {
    throw inTaskFormWords(error);
  }
  const blob = form.files[DTU_TASK_EXCEL_FIELD];
  let excel: MajorMinorExcel | undefined;
  if (blob && form.fields.needExcel) excel = await readMajorMinorExcel(blob);
  return { fields: form.fields, blobs: form.blobs, excel };
}

/** After a commit: an Excel sent with a task that delivers nothing was not kept. */
async function discardUnused(db: Db, filesDir: string, form: { blobs: readonly ReceivedBlob[]; excel: MajorMinorExcel | undefined }) {
  const unused = form.blobs.filter((blob) => blob !== form.excel?.blob);
  if (unused.length > 0) await discardReceivedBlobs(db.kysely, filesDir, unused);
}

type RowAction = (typeof DTU_TASK)['dtuTaskStart' | 'dtuTaskStop' | 'dtuTaskEnd' | 'dtuTaskDelete'];

const TRANSITIONS: { endpoint: RowAction; transition: DtuTaskTransition }[] = [
  { endpoint: DTU_TASK.dtuTaskStart, transition: 'start' },
  { endpoint: DTU_TASK.dtuTaskStop, transition: 'stop' },
  { endpoint: DTU_TASK.dtuTaskEnd, transition: 'end' },
  { endpoint: DTU_TASK.dtuTaskDelete, transition: 'delete' },
];

/** DTU tasks and rework tasks (seed 002 §7 "Tasks"; DESIGN.md §9.3): list, form, row actions, the form's PADs. */
export function dtuTaskRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, DTU_TASK.dtuTaskDownPropList, async () => DOWN_PROPS.map(({ code, name }) => ({ code, name })));

    route(app, DTU_TASK.dtuTaskList, async (request) => dtuTaskList(db.kysely, await request.scope(), request.query, config.timeZone));

    route(app, DTU_TASK.dtuTaskDetail, async (request) =>
      dtuTaskDetail(db.kysely, await request.scope(), request.query.taskId, config.timeZone),
    );

    route(app, DTU_TASK.dtuTaskPadList, async (request) => {
      const scope = await request.scope();
      const { lineId, taskId } = request.query;
      const task = taskId === undefined ? undefined : await findDtuTask(db.kysely, scope, taskId);
      if (taskId !== undefined && !task) throw notFound();
      return padOptions(db.kysely, scope, lineId, task);
    });

    route(
      app,
      DTU_TASK.dtuTaskAdd,
      async (request) => {
        const scope = await request.scope();
        const form = await readTaskForm(request, db, config.filesDir, dtuTaskParam);
        const id = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () =>
          inTransaction(db, (tx) => addDtuTask(tx, scope, form.fields, form.excel, config.timeZone)),
        );
        await discardUnused(db, config.filesDir, form);
        request.operationSummary = `新增${dtuTaskLabel({ id, ...form.fields })}`;
        return id;
      },
      formDocs(
        'dtuId, reworkTask, fittingType, productLineId, aimLineId, pads, padsForComCheck, expireTime, productionNumber, ' +
          'testFirmwareVersion, needExcel, duplicateEnable',
      ),
    );

    route(
      app,
      DTU_TASK.dtuTaskEdit,
      async (request) => {
        const scope = await request.scope();
        const form = await readTaskForm(request, db, config.filesDir, dtuTaskEditParam);
        const { id, ...fields } = form.fields;
        const edited = await withReceivedBlobs(db.kysely, config.filesDir, form.blobs, () =>
          inTransaction(db, (tx) => editDtuTask(tx, scope, id, fields, form.excel, config.timeZone)),
        );
        await releaseBlobs(db.kysely, config.filesDir, edited.releasedFiles);
        await discardUnused(db, config.filesDir, form);
        const before = edited.before.fittingType;
        const named = before === fields.fittingType ? before : `${before} → ${fields.fittingType}`;
        request.operationSummary = `编辑${dtuTaskLabel({ ...edited.before, fittingType: named })}${form.excel ? ' (新Excel)' : ''}`;
        return null;
      },
      formDocs('id and the fields of add; without an Excel the one held stays'),
    );

    route(app, DTU_TASK.dtuTaskDuplicateEnable, async (request) => {
      const scope = await request.scope();
      const { taskId, duplicate } = request.body;
      const task = await inTransaction(db, (tx) => setDuplicateEnable(tx, scope, taskId, duplicate));
      request.operationSummary = `${duplicate ? '允许' : '取消'}重复检测 ${dtuTaskLabel(task)}`;
      return null;
    });

    for (const { endpoint, transition } of TRANSITIONS) {
      route(app, endpoint, async (request) => {
        const scope = await request.scope();
        const task = await inTransaction(db, (tx) => changeDtuTaskStatus(tx, scope, request.body.taskId, transition));
        // Its board and progress page show the status (a stopped task's PADs are refused from now on).
        results.publish({ kind: 'dtuTask', taskId: task.id, ownerId: task.ownerId });
        request.operationSummary = `${endpoint.summary} ${dtuTaskLabel(task)}`;
        return null;
      });
    }
  };
}
