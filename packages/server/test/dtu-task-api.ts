import { DTU_TASK_EXCEL_FIELD, DTU_TASK_PARAM_FIELD, type DtuTask, type DtuTaskParam, MENUS, type Page, PATHS } from '@factory/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/platform/password.js';
import type { Database } from '../src/platform/schema.js';
import { dataOf } from './answers.js';
import {
  adminIdOf,
  assignLines,
  createFactory,
  createLine,
  createRole,
  createTenant,
  createTerminal,
  createUser,
  type FilePart,
  multipartBody,
  unique,
} from './factories/index.js';
import { createDtu } from './factories/dtus.js';
import { bearer, client, dbOf, loginAs } from './session-helpers.js';

/*
 * DTU task calls as the console's task panel makes them (a multipart form of the
 * JSON part fittingsTaskParam and the major/minor Excel), and the setting they
 * need: a DTU, its lines and idle PADs. Shared by the dtu-task tests and any test
 * that wants a task made through the API.
 */

export const PASSWORD = 'Passw0rdX';

/** A date `days` from today (UTC, two days' margin from any zone's yesterday when positive). */
export const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The Excel part of the form: an .xlsx unless named otherwise. */
export const excelPart = (content: Buffer, filename = 'major_minor.xlsx'): FilePart => ({
  field: DTU_TASK_EXCEL_FIELD,
  filename,
  content,
  contentType: filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/vnd.ms-excel',
});

/** An .xlsx of one sheet: the header, then the rows as given (numbers, texts, empty cells). */
export async function xlsxOf(rows: readonly (readonly unknown[])[], header: readonly string[] = ['major', 'minor']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('major_minor');
  if (header.length > 0) sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `count` major/minor pairs: major 100, minor 1…count. */
export const majorMinorRows = (count: number, major = 100) => Array.from({ length: count }, (_, index) => [major, index + 1]);

/** The JSON part, or with `asBlob` a browser's Blob of application/json, then the files. */
export async function dtuTaskForm(
  app: FastifyInstance,
  url: string,
  token: string | null,
  param: object,
  files: FilePart[] = [],
  asBlob = false,
): Promise<LightMyRequestResponse> {
  const json = JSON.stringify(param);
  const jsonPart: FilePart = { field: DTU_TASK_PARAM_FIELD, filename: 'blob', content: Buffer.from(json), contentType: 'application/json' };
  const { payload, headers } = asBlob ? await multipartBody([jsonPart, ...files]) : await multipartBody(files, { [DTU_TASK_PARAM_FIELD]: json });
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

/** POST /api/dtuTask/add with the param and, when given, the Excel (a Buffer is sent as major_minor.xlsx). */
export function addDtuTask(app: FastifyInstance, token: string | null, param: DtuTaskParam, excel?: Buffer | FilePart | FilePart[]) {
  return dtuTaskForm(app, PATHS.dtuTaskAdd, token, param, filesOf(excel));
}

/** POST /api/dtuTask/edit: the param with the id and, when given, a new Excel. */
export function editDtuTask(app: FastifyInstance, token: string | null, param: DtuTaskParam & { id: number }, excel?: Buffer | FilePart | FilePart[]) {
  return dtuTaskForm(app, PATHS.dtuTaskEdit, token, param, filesOf(excel));
}

function filesOf(excel: Buffer | FilePart | FilePart[] | undefined): FilePart[] {
  if (excel === undefined) return [];
  if (Buffer.isBuffer(excel)) return [excelPart(excel)];
  return Array.isArray(excel) ? excel : [excel];
}

export interface DtuTaskSetting {
  ownerId: number;
  dtuId: number;
  lineId: number;
  aimLineId: number;
  /** idle PADs of the production line */
  pads: number[];
}

/**
 * A DTU of the tenant (THREE_2_ONE unless told), a production line and a target
 * line of one factory, and `padCount` idle PADs on the production line.
 */
export async function dtuTaskSetting(
  db: Kysely<Database>,
  options: { ownerId?: number; communicationType?: string | null; dtuStatus?: number; padCount?: number } = {},
): Promise<DtuTaskSetting> {
  const ownerId = options.ownerId ?? (await adminIdOf(db));
  const dtuId = await createDtu(db, {
    ownerId,
    dtuType: unique('DTU').replace(/[^A-Za-z0-9]/g, ''),
    communicationType: options.communicationType === undefined ? 'THREE_2_ONE' : options.communicationType,
    ...(options.dtuStatus === undefined ? {} : { status: options.dtuStatus }),
  });
  const factoryId = await createFactory(db, { ownerId });
  const lineId = await createLine(db, { factoryId });
  const aimLineId = await createLine(db, { factoryId });
  const pads: number[] = [];
  for (let index = 0; index < (options.padCount ?? 3); index++) pads.push(await createTerminal(db, { lineId, ownerId }));
  return { ownerId, dtuId, lineId, aimLineId, pads };
}

/** A valid task param for the setting: one PAD, 100 units due in two days, no data delivery. */
export function dtuTaskParamOf(setting: DtuTaskSetting, overrides: Partial<DtuTaskParam> = {}): DtuTaskParam {
  return {
    dtuId: setting.dtuId,
    reworkTask: false,
    fittingType: unique('任务').replace(/[^\u4e00-\u9fa5A-Za-z0-9]/g, '').slice(0, 18),
    productLineId: setting.lineId,
    aimLineId: setting.aimLineId,
    pads: [setting.pads[0]!],
    padsForComCheck: [],
    expireTime: dateIn(2),
    productionNumber: 100,
    testFirmwareVersion: '1.0.0',
    needExcel: false,
    duplicateEnable: false,
    ...overrides,
  };
}

/** What the dtu-task test files share: the calls, and sign-ins with the grants they need. */
export function dtuTaskApi(t: { readonly app: FastifyInstance; readonly admin: string }) {
  const db = () => dbOf(t.app);
  const { get, post, postForm } = client(() => t.app);

  const add = (param: DtuTaskParam, excel?: Buffer | FilePart | FilePart[], token: string = t.admin) => addDtuTask(t.app, token, param, excel);
  const edit = (param: DtuTaskParam & { id: number }, excel?: Buffer | FilePart | FilePart[], token: string = t.admin) =>
    editDtuTask(t.app, token, param, excel);
  const addOk = async (param: DtuTaskParam, excel?: Buffer | FilePart | FilePart[], token: string = t.admin) => dataOf<number>(await add(param, excel, token));
  const detail = async (taskId: number, token: string = t.admin) => dataOf<DtuTask>(await get(PATHS.dtuTaskDetail, token, { taskId }));
  const list = async (query: Record<string, string | number>, token: string = t.admin) => dataOf<Page<DtuTask>>(await get(PATHS.dtuTaskList, token, query));
  /** a row action: start, stop, end, delete (form-encoded taskId) */
  const act = (path: string, taskId: number, token: string = t.admin) => postForm(path, token, { taskId });

  /** A sub-user of the admin's tenant holding the parts menu, tied to `lineIds`. */
  async function lineUser(lineIds: number[]): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), [MENUS.parts]);
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    await assignLines(db(), id, lineIds);
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  /** The root account of another tenant holding the parts menu. */
  async function tenant(): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), [MENUS.parts]);
    const userName = unique('tenant_');
    const id = await createTenant(db(), userName, await hashPassword(PASSWORD), roleId);
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  const terminal = (id: number) =>
    db().selectFrom('terminal').select(['status', 'taskId', 'flowId', 'partsRole']).where('id', '=', id).executeTakeFirstOrThrow();
  const taskRow = (id: number) => db().selectFrom('dtu_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const count = async (table: 'dtu_task' | 'dtu_task_excel_row' | 'stored_file' | 'file_blob') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** Every row a task write touches, to compare before and after a refusal. */
  const snapshot = async () => ({
    tasks: await db().selectFrom('dtu_task').selectAll().orderBy('id').execute(),
    excelRows: await count('dtu_task_excel_row'),
    files: await count('stored_file'),
    terminals: await db().selectFrom('terminal').select(['id', 'status', 'taskId', 'partsRole']).orderBy('id').execute(),
  });

  return { db, get, post, postForm, add, edit, addOk, detail, list, act, lineUser, tenant, terminal, taskRow, count, snapshot };
}
