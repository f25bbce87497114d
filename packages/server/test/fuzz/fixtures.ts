import { randomUUID } from 'node:crypto';
import { type Envelope, PATHS, STATION_APP_MENUS, TERMINAL_STATUS } from '@factory/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/platform/password.js';
import type { Database } from '../../src/platform/schema.js';
import {
  assignLines,
  createFactory,
  createLine,
  createProductWithFlows,
  createTerminal,
  multipartBody,
  pngBytes,
  tinyPdf,
  unique,
  uniqueBytes,
} from '../factories/index.js';
import { RECORD_FLOWS } from '../records-api.js';
import { bearer, loginAsAdmin } from '../session-helpers.js';
import { dayFromToday } from '../task-api.js';

/**
 * The data the generated suites run against, made once per app: real rows with
 * real ids, so that a fuzzed id that happens to be valid reaches a real row, and
 * so that a scope check asks for a row that exists (only not for this caller).
 *
 *   tenant A (the platform administrator's tree): a factory with line1 and line2
 *     owner    a sub-user on line1 with a side of its own (below)
 *     sibling  a sub-user on line2 with a side of its own
 *   tenant B (another root account): its own factory and line; its root has a side
 *
 * A side: an unpublished product with flows, properties and a firmware; a running
 * task with a PAD per flow and one unit tested through every flow; a NEW task; a
 * published product still to plan; an idle PAD; two roles and a sub-user.
 * Every account holds every menu and button, so only scope tells them apart.
 */
export const USER_PASSWORD = 'Fuzz1234x';

/** The rows a caller may rightfully name, by the kind of id the scope table speaks of. */
export interface OwnIds {
  account: number;
  factory: number;
  line: number;
  terminal: number;
  /** an idle PAD on the caller's line (no task), for terminal edits */
  idleTerminal: number;
  /** an unpublished product (the definition calls change only these) with two flows, properties and a firmware */
  product: number;
  /** a published product with no task yet, for planning one */
  spareProduct: number;
  property: number;
  productFlow: number;
  /** the product's other flow, for position changes */
  productFlow2: number;
  firmware: number;
  task: number;
  /** a task still NEW (editable), on the caller's line */
  newTask: number;
  /** the first flow of the NEW task */
  newTaskFlow: number;
  taskFlow: number;
  taskFlowItem: number;
  flowResult: number;
  productionCode: string;
  /** a closed stock batch on the caller's line holding the unit made from start to end */
  stockBatch: number;
  /** a DTU part (配件) of the tenant */
  fitting: number;
  /** a communication module of the tenant */
  communicationModule: number;
  /** an enabled bluetooth DTU of the part */
  dtu: number;
  /** an enabled DTU of the module */
  moduleDtu: number;
  /** test properties of the DTU, testing stopped (so they may be edited and deleted) */
  serialProperty: number;
  autoProperty: number;
  otherProperty: number;
  /** a running DTU task of the module's DTU on the caller's line, with a PAD and one tested unit */
  dtuTask: number;
  /** a stopped DTU task of the same DTU on the caller's line (editable, startable, deletable once ended) */
  editableDtuTask: number;
  /** the tested unit of the running DTU task */
  dtuTest: number;
  /** an idle PAD of the caller's line a DTU task may take */
  dtuPad: number;
  /** a submitted batch of the running DTU task (another unit than dtuTest) */
  dtuBatch: number;
  /** a sample of that batch: its unit tested again by a sampling terminal */
  dtuSample: number;
  /** a stopped role of the caller's (roles are edited stopped) */
  role: number;
  /** an enabled role of the caller's, one it may give its users */
  assignableRole: number;
  /** a stopped sub-user of the caller's */
  user: number;
}

export interface Caller {
  /** the account's own id */
  id: number;
  userName: string;
  token: string;
  ids: OwnIds;
}

export interface World {
  adminToken: string;
  /** a worker of the owner's task signed in at the PAD of its first flow */
  stationToken: string;
  /** a worker signed in at the PAD of the owner's running DTU task (the parts-check calls) */
  dtuStationToken: string;
  stationTerminalCode: string;
  stationWorker: { userName: string; password: string };
  /** the rows the administrator's fuzzing names: the owner's, with a role and an account of the administrator's own */
  adminIds: OwnIds;
  /** tenant A sub-user on line1 */
  owner: Caller;
  /** tenant A sub-user on line2 */
  sibling: Caller;
  /** tenant B's root account */
  stranger: Caller;
  documentId: number;
  fileKey: string;
  /** the URL of an uploaded PNG, for a DTU's images */
  imageUrl: string;
  qrFile: string;
  captchaId: string;
  /** every menu and button id of the seeded tree */
  menuIds: number[];
}

function dataOf<T>(response: LightMyRequestResponse, what: string): T {
  const body = response.json<Envelope<T>>();
  if (response.statusCode !== 200 || body.code !== 1) {
    throw new Error(`fixture ${what} failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return body.data;
}

export async function insertAccount(
  db: Kysely<Database>,
  passwordHash: string,
  options: { parentId: number | null; roleId: number | null; prefix: string; status?: number },
): Promise<{ id: number; userName: string }> {
  const userName = unique(options.prefix).replace(/[^A-Za-z0-9_]/g, '');
  const row = await db
    .insertInto('account')
    .values({
      userName,
      passwordHash,
      roleId: options.roleId,
      parentId: options.parentId,
      status: options.status ?? 1,
      platformAdmin: 0,
      mustChangePassword: 0,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userName };
}

/** A role owned by `ownerId` granting the menu nodes given (menus and buttons by id). */
export async function insertRole(db: Kysely<Database>, ownerId: number, menuIds: readonly number[], status = 1): Promise<number> {
  const role = await db
    .insertInto('role')
    .values({ roleName: unique('角色').slice(0, 12), ownerId, status, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (menuIds.length > 0) {
    await db
      .insertInto('role_menu')
      .values(menuIds.map((menuId) => ({ roleId: role.id, menuId })))
      .execute();
  }
  return role.id;
}

export async function signIn(app: FastifyInstance, userName: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: PATHS.login, payload: { username: userName, password: USER_PASSWORD } });
  return dataOf<{ token: string }>(response, `login of ${userName}`).token;
}

/** Uploads a small file through the API as `token` and answers its key. */
async function uploadFile(app: FastifyInstance, token: string, file = { filename: 'fixture.txt', content: uniqueBytes(64, 'fuzz fixture') }): Promise<string> {
  const { payload, headers } = await multipartBody([{ field: 'files', ...file }]);
  const urls = dataOf<string[]>(
    await app.inject({ method: 'POST', url: PATHS.fileUpload, payload, headers: { ...headers, ...bearer(token) } }),
    'file upload',
  );
  return urls[0]!.split('/').pop()!;
}

interface SideOptions {
  /** the tenant's root account */
  tenantId: number;
  factoryId: number;
  lineId: number;
  /** a token that may plan tasks of this tenant */
  plannerToken: string;
  passwordHash: string;
  /** the role every account of the side gets: every console menu and button */
  fullRoleId: number;
  /** the PAD APP role of the side's workers */
  workerRoleId: number;
  /** the account the caller is: made here under the tenant, or the tenant's root itself */
  caller: { id: number; userName: string } | null;
}

/**
 * One caller's side: a running task on its line with a PAD per flow and a stored
 * result, a NEW task, an idle PAD, a role and a sub-user of its own.
 */
async function seedSide(app: FastifyInstance, options: SideOptions): Promise<{ caller: Caller; station: { token: string; code: string; worker: { userName: string; password: string } }; dtuStation: string }> {
  const db = app.db.kysely;
  const post = (url: string, token: string, payload: object, what: string) =>
    app.inject({ method: 'POST', url, payload, headers: bearer(token) }).then((response) => dataOf<unknown>(response, what));

  const account =
    options.caller ?? (await insertAccount(db, options.passwordHash, { parentId: options.tenantId, roleId: options.fullRoleId, prefix: 'sub' }));
  await assignLines(db, account.id, [options.lineId]);
  const token = await signIn(app, account.userName);

  // The product definition's calls change only unpublished products: a draft with flows, properties and a firmware.
  const productId = (await createProductWithFlows(db, RECORD_FLOWS, { ownerId: options.tenantId, publishStatus: 'UNPUBLISH' })).productId;
  const firmwareId = await addFirmware(app, options.plannerToken, productId);
  // A product has one unfinished task at a time: the running task, the NEW task and a
  // task yet to be planned each get a published product of their own (one flow for
  // the NEW one, so that one PAD per flow is one entry of setPad).
  const runningProductId = (await createProductWithFlows(db, RECORD_FLOWS, { ownerId: options.tenantId })).productId;
  const otherProductId = (await createProductWithFlows(db, RECORD_FLOWS.slice(0, 1), { ownerId: options.tenantId })).productId;
  const spareProductId = (await createProductWithFlows(db, RECORD_FLOWS.slice(0, 1), { ownerId: options.tenantId })).productId;
  const taskBody = async (id: number) => {
    const product = await db.selectFrom('product').select(['productTypeId', 'number']).where('id', '=', id).executeTakeFirstOrThrow();
    return {
      productTypeId: product.productTypeId,
      productId: id,
      productNumber: product.number,
      productionLineIds: [options.lineId],
      productionCount: 4,
      expireTime: dayFromToday(2),
    };
  };
  const taskId = (await post(PATHS.taskCreate, options.plannerToken, await taskBody(runningProductId), 'task create')) as number;
  const newTask = (await post(PATHS.taskCreate, options.plannerToken, await taskBody(otherProductId), 'second task create')) as number;
  const taskFlows = await db.selectFrom('task_flow').select('id').where('taskId', '=', taskId).orderBy('sequence').execute();
  const newTaskFlows = await db.selectFrom('task_flow').select('id').where('taskId', '=', newTask).orderBy('sequence').execute();
  const padIds: number[] = [];
  for (let index = 0; index < taskFlows.length; index++) {
    padIds.push(await createTerminal(db, { lineId: options.lineId, ownerId: options.tenantId }));
  }
  await post(
    PATHS.padSet,
    options.plannerToken,
    { taskId, flowId2PadId: taskFlows.map((flow, index) => ({ flowId: flow.id, padIdList: [padIds[index]!] })) },
    'pad set',
  );
  await post(PATHS.taskStart, options.plannerToken, { id: taskId }, 'task start');
  const idleTerminal = await createTerminal(db, { lineId: options.lineId, ownerId: options.tenantId });

  // One unit made from start to end (a passing result at each flow, each PAD signed in
  // by a worker of its own), so that records, boards and the dashboard all have it.
  const code = await db.selectFrom('production_code').select('code').where('taskId', '=', taskId).orderBy('sequence').executeTakeFirstOrThrow();
  const PASSING_VALUES = [[15, 'V1.2'], [-50]];
  const stations: { token: string; code: string; worker: { userName: string; password: string }; resultId: number }[] = [];
  for (const [index, flow] of taskFlows.entries()) {
    const worker = await insertAccount(db, options.passwordHash, { parentId: options.tenantId, roleId: options.workerRoleId, prefix: 'w' });
    await assignLines(db, worker.id, [options.lineId]);
    const pad = await db.selectFrom('terminal').select('terminalCode').where('id', '=', padIds[index]!).executeTakeFirstOrThrow();
    const station = dataOf<{ token: string }>(
      await app.inject({
        method: 'POST',
        url: PATHS.stationLogin,
        payload: { terminalCode: pad.terminalCode, username: worker.userName, password: USER_PASSWORD },
      }),
      'station login',
    );
    const items = await db.selectFrom('task_flow_item').select('id').where('taskFlowId', '=', flow.id).orderBy('sequence').execute();
    const manual = await db.selectFrom('task_flow_manual_item').select('id').where('taskFlowId', '=', flow.id).orderBy('sequence').execute();
    const now = Date.now();
    const verdict = dataOf<{ resultId: number }>(
      await app.inject({
        method: 'POST',
        url: PATHS.stationResult,
        headers: bearer(station.token),
        payload: {
          clientResultId: randomUUID(),
          productionCode: code.code,
          sn: `SN${code.code}`,
          mac: `02:00:00:00:${String(taskId % 100).padStart(2, '0')}:${String(index).padStart(2, '0')}`,
          startTime: now - 30_000,
          endTime: now,
          autoValues: items.map((item, position) => ({ itemId: item.id, value: PASSING_VALUES[index]?.[position] ?? 15 })),
          manualResults: manual.map((item) => ({ itemId: item.id, pass: true })),
        },
      }),
      'station result',
    );
    stations.push({ token: station.token, code: pad.terminalCode, worker: { userName: worker.userName, password: USER_PASSWORD }, resultId: verdict.resultId });
  }
  const firstStation = stations[0]!;
  const stockBatch = await insertStockBatch(db, { ownerId: options.tenantId, lineId: options.lineId, productId: spareProductId, code: code.code });
  const firstItems = await db.selectFrom('task_flow_item').select('id').where('taskFlowId', '=', taskFlows[0]!.id).orderBy('sequence').execute();

  const accessories = await insertAccessoryCatalogue(db, options.tenantId);
  const { dtuTaskPad, ...dtuTasks } = await insertDtuTasks(db, { ownerId: options.tenantId, lineId: options.lineId, dtuId: accessories.moduleDtu });
  const dtuWorker = await insertAccount(db, options.passwordHash, { parentId: options.tenantId, roleId: options.workerRoleId, prefix: 'w' });
  await assignLines(db, dtuWorker.id, [options.lineId]);
  const dtuPadCode = await db.selectFrom('terminal').select('terminalCode').where('id', '=', dtuTaskPad).executeTakeFirstOrThrow();
  const dtuStation = dataOf<{ token: string }>(
    await app.inject({ method: 'POST', url: PATHS.stationLogin, payload: { terminalCode: dtuPadCode.terminalCode, username: dtuWorker.userName, password: USER_PASSWORD } }),
    'station login at the DTU PAD',
  ).token;
  const property = await db.selectFrom('product_property').select('id').where('productId', '=', productId).orderBy('id').executeTakeFirstOrThrow();
  const flows = await db.selectFrom('product_flow').select('id').where('productId', '=', productId).orderBy('sequence').execute();
  // Enabled roles and users can not be edited (stop first): the ones the calls change are stopped.
  const assignableRole = await insertRole(db, account.id, []);
  const role = await insertRole(db, account.id, [], 0);
  const user = await insertAccount(db, options.passwordHash, { parentId: account.id, roleId: assignableRole, prefix: 'u', status: 0 });

  return {
    caller: {
      id: account.id,
      userName: account.userName,
      token,
      ids: {
        account: account.id,
        factory: options.factoryId,
        line: options.lineId,
        terminal: padIds[0]!,
        idleTerminal,
        product: productId,
        spareProduct: spareProductId,
        property: property.id,
        productFlow: flows[0]!.id,
        productFlow2: flows[1]!.id,
        firmware: firmwareId,
        task: taskId,
        newTask,
        newTaskFlow: newTaskFlows[0]!.id,
        taskFlow: taskFlows[0]!.id,
        taskFlowItem: firstItems[0]!.id,
        flowResult: firstStation.resultId,
        productionCode: code.code,
        stockBatch,
        ...accessories,
        ...dtuTasks,
        role,
        assignableRole,
        user: user.id,
      },
    },
    station: { token: firstStation.token, code: firstStation.code, worker: firstStation.worker },
    dtuStation,
  };
}

/**
 * The accessory catalogue of a tenant, written straight to the tables (the rules of
 * its calls have their own tests: modules/part, dtu, dtu-property, communication-module).
 */
async function insertAccessoryCatalogue(db: Kysely<Database>, ownerId: number) {
  const now = Date.now();
  const suffix = `${ownerId}${Math.floor(Math.random() * 1e6)}`;
  const fitting = await db
    .insertInto('fitting')
    .values({ ownerId, fittingType: 1, partDesc: `数据传输单元${suffix}`, imageFileId: null, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const module = await db
    .insertInto('communication_module')
    .values({ ownerId, modelType: `MOD_${suffix}`.slice(0, 18), communicationType: 'THREE_2_ONE', standardVoltage: '3.8', productCompany: '上海移远通信', imageFileId: null, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dtuRow = (values: { fittingId: number | null; communicationPartId: number | null; dtuType: string; communicationType: string }) =>
    db
      .insertInto('dtu')
      .values({
        ownerId,
        ...values,
        modelType: 'NRF52832_BLE',
        productCompany: '海容物联',
        standardVoltage: '3.3',
        bandRate: 9600,
        connectInternet: 1,
        testFirmwareFileId: null,
        productFileId: null,
        bomListFileId: null,
        otherRequestFileId: null,
        frontImageFileId: null,
        backImageFileId: null,
        createTime: now,
        archiveTime: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const dtu = await dtuRow({ fittingId: fitting.id, communicationPartId: null, dtuType: `BLE${suffix}`, communicationType: 'bluetooth' });
  const moduleDtu = await dtuRow({ fittingId: null, communicationPartId: module.id, dtuType: `MODDTU${suffix}`, communicationType: 'THREE_2_ONE' });
  const serial = await db
    .insertInto('dtu_serial_property')
    .values({ dtuId: dtu.id, name: '串口回环', code: 'SERIAL_LOOPBACK', verifyRule: 'EQUAL', aimValue: 'OK', minValue: null, maxValue: null, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const auto = await db
    .insertInto('dtu_auto_property')
    .values({
      dtuId: dtu.id,
      name: '信号强度',
      code: 'RSSI',
      dataType: 'int',
      verifyRule: 'RANGE',
      aimValue: null,
      minValue: '-80',
      maxValue: '-30',
      trueValue: null,
      falseValue: null,
      aimBooleanValue: null,
      enumMap: null,
      aimEnumMap: null,
      description: null,
      createTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const other = await db
    .insertInto('dtu_other_property')
    .values({ dtuId: dtu.id, category: '外观检查', property: '外壳', checkTool: '目测', checkStandard: '无划痕', createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    fitting: fitting.id,
    communicationModule: module.id,
    dtu: dtu.id,
    moduleDtu: moduleDtu.id,
    serialProperty: serial.id,
    autoProperty: auto.id,
    otherProperty: other.id,
  };
}

/** The IMEI of the tested unit of the DTU task `taskId` (15 digits). */
export const fixtureImei = (taskId: number) => `86${String(taskId).padStart(13, '0')}`;

/**
 * DTU tasks of the module's DTU on the caller's line, written straight to the tables
 * (their rules have their own tests: modules/dtu-task, dtu-record, dtu-station): a
 * running one with a PAD and a tested unit, a stopped one, and an idle PAD to bind.
 */
async function insertDtuTasks(db: Kysely<Database>, options: { ownerId: number; lineId: number; dtuId: number }) {
  const now = Date.now();
  const task = (status: string, fittingType: string) =>
    db
      .insertInto('dtu_task')
      .values({
        ownerId: options.ownerId,
        creatorId: options.ownerId,
        dtuId: options.dtuId,
        fittingType,
        productLineId: options.lineId,
        aimLineId: options.lineId,
        expireTime: now + 7 * 86_400_000,
        productionNumber: 10,
        status,
        excelFileId: null,
        firmwareChangeTime: null,
        createTime: now,
        updateTime: now,
        startTime: status === 'UNSTART' ? null : now,
        finishTime: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const running = await task('START', '模糊测试任务');
  const stopped = await task('STOP', '模糊停止任务');
  const pad = await createTerminal(db, { lineId: options.lineId, ownerId: options.ownerId, status: TERMINAL_STATUS.partsCheck, taskId: running.id });
  await db.updateTable('terminal').set({ partsRole: 'PAD' }).where('id', '=', pad).execute();
  const dtuPad = await createTerminal(db, { lineId: options.lineId, ownerId: options.ownerId });
  // the unit's IMEI follows from the task's id, so the fuzz input of find can name it (resolve.ts)
  const unitCode = fixtureImei(running.id);
  const test = await db
    .insertInto('dtu_test')
    .values({
      taskId: running.id,
      dtuId: options.dtuId,
      ownerId: options.ownerId,
      unitCode,
      imei: unitCode,
      terminalId: pad,
      testerId: options.ownerId,
      startTime: now - 60_000,
      checkTime: now,
      testStatus: 'PASS',
      submitBatchId: null,
      clientResultId: null,
      keyResults: '[]',
      failures: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('dtu_report')
    .values({ unitCode, receiveTime: now - 30_000, source: 'MQTT', content: JSON.stringify({ IMEI: unitCode, CSQ: 24 }), dtuId: options.dtuId, taskId: running.id, testId: test.id, terminalId: null })
    .execute();
  // A second unit, submitted as a batch of its own, and sampled once (issue 18).
  const batchUnit = `86${String(running.id).padStart(12, '0')}9`;
  const unitRow = (fields: { sampleBatchId: number; manageStatus: string }) =>
    db
      .insertInto('dtu_test')
      .values({
        taskId: running.id,
        dtuId: options.dtuId,
        ownerId: options.ownerId,
        unitCode: batchUnit,
        imei: batchUnit,
        terminalId: pad,
        testerId: options.ownerId,
        startTime: now - 50_000,
        checkTime: now,
        testStatus: 'PASS',
        submitBatchId: null,
        clientResultId: null,
        keyResults: '[]',
        failures: '[]',
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const submitted = await unitRow({ sampleBatchId: 0, manageStatus: 'SUBMIT' });
  const batch = await db
    .insertInto('dtu_submit_batch')
    .values({ taskId: running.id, ownerId: options.ownerId, seq: 1, submitNumber: 1, passNumber: 1, submitTime: now, submitterId: options.ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('dtu_test').set({ submitBatchId: batch.id }).where('id', '=', submitted.id).execute();
  const sample = await unitRow({ sampleBatchId: batch.id, manageStatus: 'UNSUBMIT' });
  await db.updateTable('dtu_task').set({ testedNumber: 2, finishNumber: 2 }).where('id', '=', running.id).execute();
  return { dtuTask: running.id, editableDtuTask: stopped.id, dtuTest: test.id, dtuPad, dtuTaskPad: pad, dtuBatch: batch.id, dtuSample: sample.id };
}

/**
 * A closed stock batch of the made unit, written straight to the tables: what the
 * PDA's calls would leave (their rules have their own tests, modules/stock).
 */
async function insertStockBatch(db: Kysely<Database>, options: { ownerId: number; lineId: number; productId: number; code: string }): Promise<number> {
  const now = Date.now();
  const unit = await db
    .selectFrom('production_code')
    .innerJoin('task', 'task.id', 'production_code.taskId')
    .select(['production_code.id', 'task.productId', 'task.productNumber'])
    .where('production_code.code', '=', options.code)
    .executeTakeFirstOrThrow();
  const batch = await db
    .insertInto('stock_batch')
    .values({
      ownerId: options.ownerId,
      batchNo: unique('RK').slice(0, 32),
      productId: unit.productId,
      productNumber: unit.productNumber,
      lineId: options.lineId,
      lineName: '产线',
      status: 'CLOSED',
      count: 1,
      createTime: now,
      stockDay: '2026-01-01',
      stockUserName: 'fixture',
      closeTime: now,
      inspectionLevel: 'II',
      aql: 1,
      lotSize: 1,
      codeLetter: 'A',
      sampleSize: 1,
      acceptNumber: 0,
      rejectNumber: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_unit')
    .values({
      batchId: batch.id,
      codeId: unit.id,
      ownerId: options.ownerId,
      productId: unit.productId,
      inTime: now,
      inUserName: 'fixture',
    })
    .execute();
  return batch.id;
}

/** A firmware of an unpublished product, added through the API. */
async function addFirmware(app: FastifyInstance, token: string, productId: number): Promise<number> {
  const { payload, headers } = await multipartBody([{ field: 'data', filename: 'fixture.bin', content: uniqueBytes(128, unique('fw')) }]);
  const query = new URLSearchParams({ productId: String(productId), type: 'TEST', version: `v${unique()}`.slice(0, 20), description: '固件' });
  return dataOf<number>(
    await app.inject({ method: 'POST', url: `${PATHS.firmwareAdd}?${query}`, payload, headers: { ...headers, ...bearer(token) } }),
    'firmware add',
  );
}

export async function seedWorld(app: FastifyInstance): Promise<World> {
  const db = app.db.kysely;
  const adminToken = (await loginAsAdmin(app)).token;
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(USER_PASSWORD);
  const menus = await db.selectFrom('menu').select(['id', 'url']).execute();
  const menuIds = menus.map((menu) => menu.id);
  // both PAD APP modes: the worker signs in at a production PAD and at a parts-check PAD
  const padMenus: readonly string[] = STATION_APP_MENUS.PAD;
  const padApp = menus.filter((menu) => padMenus.includes(menu.url)).map((menu) => menu.id);

  // Tenant A: the administrator's tree.
  const fullRoleA = await insertRole(db, admin.id, menuIds);
  const workerRoleA = await insertRole(db, admin.id, padApp);
  const factoryA = await createFactory(db, { ownerId: admin.id });
  const line1 = await createLine(db, { factoryId: factoryA });
  const line2 = await createLine(db, { factoryId: factoryA });
  const shared = { tenantId: admin.id, factoryId: factoryA, plannerToken: adminToken, passwordHash };
  const ownerSide = await seedSide(app, { ...shared, lineId: line1, fullRoleId: fullRoleA, workerRoleId: workerRoleA, caller: null });
  const siblingSide = await seedSide(app, { ...shared, lineId: line2, fullRoleId: fullRoleA, workerRoleId: workerRoleA, caller: null });

  // Tenant B: a root account of its own with every grant, planning its own tasks.
  const fullRoleB = await insertRole(db, admin.id, menuIds);
  const rootB = await insertAccount(db, passwordHash, { parentId: null, roleId: fullRoleB, prefix: 'tenant' });
  const tokenB = await signIn(app, rootB.userName);
  const workerRoleB = await insertRole(db, rootB.id, padApp);
  const factoryB = await createFactory(db, { ownerId: rootB.id });
  const lineB = await createLine(db, { factoryId: factoryB });
  const strangerSide = await seedSide(app, {
    tenantId: rootB.id,
    factoryId: factoryB,
    lineId: lineB,
    plannerToken: tokenB,
    passwordHash,
    fullRoleId: fullRoleB,
    workerRoleId: workerRoleB,
    caller: rootB,
  });

  const { payload, headers } = await multipartBody([{ field: 'file', filename: 'fixture.pdf', content: tinyPdf('fuzz fixture') }]);
  const document = dataOf<{ id: number }>(
    await app.inject({ method: 'POST', url: `${PATHS.documentUpload}?type=SERVER_DOC`, payload, headers: { ...headers, ...bearer(adminToken) } }),
    'document upload',
  );
  const fileKey = await uploadFile(app, adminToken);
  const imageKey = await uploadFile(app, adminToken, { filename: 'fixture.png', content: pngBytes('fuzz fixture image') });
  const captchaId = randomUUID();
  await app.inject({ method: 'GET', url: PATHS.captcha, query: { id: captchaId } });

  const adminRole = await insertRole(db, admin.id, [], 0);
  const adminAssignable = await insertRole(db, admin.id, []);
  const adminUser = await insertAccount(db, passwordHash, { parentId: admin.id, roleId: adminAssignable, prefix: 'u', status: 0 });

  return {
    adminToken,
    adminIds: { ...ownerSide.caller.ids, account: admin.id, role: adminRole, assignableRole: adminAssignable, user: adminUser.id },
    stationToken: ownerSide.station.token,
    dtuStationToken: ownerSide.dtuStation,
    stationTerminalCode: ownerSide.station.code,
    stationWorker: ownerSide.station.worker,
    owner: ownerSide.caller,
    sibling: siblingSide.caller,
    stranger: strangerSide.caller,
    documentId: document.id,
    fileKey,
    imageUrl: `${PATHS.file}/${imageKey}`,
    qrFile: `${ownerSide.caller.ids.productionCode}.png`,
    captchaId,
    menuIds,
  };
}
