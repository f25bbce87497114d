import type { OwnIds } from './fixtures.js';

/**
 * Every id a route takes, classified: which kind of row it names, and what a
 * caller outside that row's scope must get. The permission matrix builds its
 * scope cases from this table, and fails when a route takes an id-like field
 * (`id`, `…Id`, `…Ids`) that the table does not classify, so every new route
 * joins the matrix.
 *
 * Field paths: `query.x`, `body.x`, `body.list[].x`, `path.x` (`body.` also
 * covers the JSON part of a multipart route).
 */
export type IdKind = keyof OwnIds;

/** Whose rows are whose: who may name a row of each kind (DESIGN.md §4). */
export const KIND_SCOPE: Record<IdKind, 'tenant' | 'line' | 'subtree'> = {
  // master data belongs to the tenant (the root account of the tree)
  factory: 'tenant',
  line: 'tenant',
  product: 'tenant',
  spareProduct: 'tenant',
  property: 'tenant',
  productFlow: 'tenant',
  productFlow2: 'tenant',
  firmware: 'tenant',
  // the accessory catalogue is the tenant's master data
  fitting: 'tenant',
  communicationModule: 'tenant',
  dtu: 'tenant',
  moduleDtu: 'tenant',
  serialProperty: 'tenant',
  autoProperty: 'tenant',
  otherProperty: 'tenant',
  // production belongs to the lines: a sub-user sees the tasks (and terminals) of its own lines
  task: 'line',
  newTask: 'line',
  newTaskFlow: 'line',
  taskFlow: 'line',
  taskFlowItem: 'line',
  flowResult: 'line',
  productionCode: 'line',
  // a stock batch is stocked on one line, and seen as the tasks of that line are
  stockBatch: 'line',
  // a DTU task is tested on one line (and made for one): a sub-user sees those of its lines, and their device tests
  dtuTask: 'line',
  editableDtuTask: 'line',
  dtuTest: 'line',
  dtuPad: 'line',
  // a DTU task's submitted batches and their samples are seen as the task is
  dtuBatch: 'line',
  dtuSample: 'line',
  terminal: 'line',
  idleTerminal: 'line',
  // accounts and roles: a user manages its own subtree
  account: 'subtree',
  user: 'subtree',
  role: 'subtree',
  assignableRole: 'subtree',
};

/**
 * target: the row the call reads or changes → 404 for an outsider.
 * reference: a row a write links to, or a position next to one → refused (4xx),
 *   nothing written, and answered exactly as an id that exists nowhere is, so the
 *   answer tells nothing of the other's rows (for a line of the caller's own
 *   tenant, whose existence is no secret, a refusal is enough).
 * filter: a list narrowed by the id → 404 or an empty list.
 */
export type IdRole = 'target' | 'reference' | 'filter';

export interface ScopedField {
  kind: IdKind;
  role: IdRole;
  /**
   * Who counts as an outsider. By default the kind's scope decides: tenant rows
   * are foreign to the other tenant only, line and subtree rows to the sibling
   * sub-user too. A line named by a task or a terminal is the caller's own only
   * when the caller is tied to it, so there the sibling is an outsider as well.
   */
  lineBound?: true;
}

export interface ExemptField {
  exempt: string;
}

export type FieldClass = ScopedField | ExemptField;

const target = (kind: IdKind): ScopedField => ({ kind, role: 'target' });
const reference = (kind: IdKind): ScopedField => ({ kind, role: 'reference' });
const filter = (kind: IdKind): ScopedField => ({ kind, role: 'filter' });
const lineOfCaller = (role: IdRole): ScopedField => ({ kind: 'line', role, lineBound: true });
const exempt = (reason: string): ExemptField => ({ exempt: reason });

const LOOKUP = exempt('a shared reference list (types, formats, units, categories): the same rows for every tenant');
const CAPTCHA = exempt('a captcha id is made up by the sign-in page, not a row anyone owns');
const STOCK_CLIENT_ID = exempt('an idempotency key made up by the handheld; the stock tests resend with it');
const MENUS = exempt('the menu tree is the platform’s, one for every tenant; what a role may grant is the role tests’ subject');

/** The six calls of one kind of DTU test property: the DTU it belongs to, and the property itself. */
function propertyScope(base: string, kind: IdKind): Record<string, Record<string, FieldClass>> {
  return {
    [`GET /api/${base}/list`]: { 'query.dtuId': target('dtu') },
    [`GET /api/${base}/detail`]: { 'query.id': target(kind) },
    [`POST /api/${base}/add`]: { 'body.dtuId': target('dtu') },
    [`POST /api/${base}/edit`]: { 'body.id': target(kind), 'body.dtuId': reference('dtu') },
    [`POST /api/${base}/changeStatus`]: { 'body.id': target(kind) },
    [`POST /api/${base}/delete`]: { 'body.id': target(kind) },
  };
}

export const SCOPE_TABLE: Record<string, Record<string, FieldClass>> = {
  'GET /api/user/code': { 'query.id': CAPTCHA },
  'POST /api/user/login': { 'body.codeId': CAPTCHA },

  'GET /api/line/list': { 'query.factoryId': filter('factory') },
  'POST /api/line/add': { 'body.factoryId': reference('factory') },
  'POST /api/line/edit': { 'body.id': target('line'), 'body.factoryId': reference('factory') },
  'POST /api/line/changeStatus': { 'query.id': target('line') },
  'POST /api/line/delete': { 'body.id': target('line') },

  'GET /api/terminal/list': { 'query.lineId': lineOfCaller('filter'), 'query.categoryId': LOOKUP },
  'POST /api/terminal/add': { 'body.lineId': lineOfCaller('reference'), 'body.categoryId': LOOKUP },
  'POST /api/terminal/editPad': { 'body.terminalId': target('idleTerminal'), 'body.lineId': lineOfCaller('reference') },
  'POST /api/terminal/unbindPad': { 'query.terminalId': target('terminal') },

  'GET /api/user/getList': { 'query.parentId': filter('account') },
  'GET /api/user/detail': { 'query.id': target('user') },
  'POST /api/user/create': {
    'body.parentId': reference('account'),
    'body.roleId': reference('assignableRole'),
    'body.facLineVos[].factoryId': reference('factory'),
    'body.facLineVos[].lineId': reference('line'),
  },
  'POST /api/user/edit': {
    'body.id': target('user'),
    'body.parentId': reference('account'),
    'body.roleId': reference('assignableRole'),
    'body.facLineVos[].factoryId': reference('factory'),
    'body.facLineVos[].lineId': reference('line'),
  },
  'POST /api/user/resetPassword': { 'body.id': target('user') },
  'POST /api/user/changeStatus': { 'body.id': target('user') },
  'POST /api/user/delete': { 'body.id': target('user') },

  'GET /api/role/all': { 'query.id': filter('account') },
  'GET /api/role/getList': { 'query.puserId': filter('account') },
  'GET /api/role/detail': { 'query.id': target('role') },
  'POST /api/role/create': { 'body.puserId': reference('account'), 'body.roleMenuFunctionVOS[].menuId': MENUS },
  'POST /api/role/edit': { 'body.id': target('role'), 'body.puserId': reference('account'), 'body.roleMenuFunctionVOS[].menuId': MENUS },
  'POST /api/role/copy': { 'body.id': target('role') },
  'POST /api/role/changeStatus': { 'body.id': target('role') },
  'POST /api/role/delete': { 'body.id': target('role') },

  'POST /api/document/delete': {
    'body.id': exempt('documents are the platform’s manuals, shared by every tenant: the document table has no owner'),
  },

  'GET /api/product/queryProduct': { 'query.productTypeId': LOOKUP },
  'GET /api/product/detail': { 'query.id': target('product') },
  'POST /api/product/create': { 'body.productTypeId': LOOKUP, 'body.communicationId': LOOKUP, 'body.dataFormatId': LOOKUP },
  'POST /api/product/edit': {
    'body.id': target('product'),
    'body.productTypeId': LOOKUP,
    'body.communicationId': LOOKUP,
    'body.dataFormatId': LOOKUP,
  },
  'POST /api/product/editSampling': { 'body.id': target('product') },
  'POST /api/product/publish': { 'body.id': target('product') },
  'POST /api/product/revoke': { 'body.id': target('product') },
  'POST /api/product/copy': { 'body.id': target('product') },
  'POST /api/product/delete': { 'body.id': target('product') },

  'GET /api/property/list': { 'query.productId': target('product') },
  'GET /api/property/detail': { 'query.id': target('property') },
  'POST /api/property/add': { 'body.productId': target('product'), 'body.dataTypeId': LOOKUP, 'body.unitId': LOOKUP },
  'POST /api/property/edit': {
    'body.id': target('property'),
    'body.productId': reference('product'),
    'body.dataTypeId': LOOKUP,
    'body.unitId': LOOKUP,
  },
  'POST /api/property/delete': { 'body.id': target('property') },
  'GET /api/property/exportJson': { 'query.productId': target('product') },

  'GET /api/flow/list': { 'query.productId': target('product') },
  'GET /api/flow/detail': { 'query.productId': target('product'), 'query.flowId': target('productFlow') },
  'POST /api/flow/add': {
    'body.productId': target('product'),
    'body.id': exempt('ignored on add: the flow is new'),
    'body.preId': reference('productFlow'),
    'body.nextId': reference('productFlow2'),
    'body.items[].id': reference('property'),
  },
  'POST /api/flow/edit': {
    'body.id': target('productFlow'),
    'body.productId': reference('product'),
    'body.preId': exempt('ignored on edit: a flow keeps its place (flow.service editFlow); changePosition moves it'),
    'body.nextId': exempt('ignored on edit: a flow keeps its place (flow.service editFlow); changePosition moves it'),
    'body.items[].id': reference('property'),
  },
  'POST /api/flow/delete': { 'body.id': target('productFlow') },
  'POST /api/flow/changePosition': { 'body.fromId': target('productFlow'), 'body.toId': reference('productFlow2') },
  // Not id-named, but flow ids all the same.
  'POST /api/flow/insertPosition': { 'body.middle': target('productFlow2'), 'body.left': reference('productFlow') },

  'GET /api/firmware/list': { 'query.productId': target('product') },
  'GET /api/firmware/detail': { 'query.id': target('firmware') },
  'POST /api/firmware/add': { 'query.productId': target('product') },
  'POST /api/firmware/edit': { 'query.id': target('firmware') },
  'POST /api/firmware/use': { 'body.id': target('firmware') },
  'POST /api/firmware/stop': { 'body.id': target('firmware') },
  'POST /api/firmware/delete': { 'body.id': target('firmware') },

  'GET /api/task/getTasks': { 'query.productTypeId': LOOKUP },
  'POST /api/task/createTask': {
    'body.productTypeId': LOOKUP,
    'body.productId': reference('spareProduct'),
    'body.productionLineIds': lineOfCaller('reference'),
  },
  'POST /api/task/editTask': {
    'body.id': target('newTask'),
    'body.productTypeId': LOOKUP,
    'body.productId': reference('spareProduct'),
    'body.productionLineIds': lineOfCaller('reference'),
  },
  'POST /api/task/startTask': { 'body.id': target('newTask') },
  'POST /api/task/stopTask': { 'body.id': target('task') },
  'POST /api/task/endTask': { 'body.id': target('task') },
  'POST /api/task/delTask': { 'body.id': target('newTask') },
  'GET /api/task/getTaskDetail': { 'query.id': target('task') },
  'GET /api/task/getTaskDetail4Edit': { 'query.taskId': target('newTask') },
  'GET /api/pad/getPadList': { 'query.lineIds': lineOfCaller('filter'), 'query.taskId': target('task') },
  'POST /api/pad/setPad': {
    'body.taskId': target('newTask'),
    'body.flowId2PadId': exempt('the list itself: its flowId and pads are classified below'),
    'body.flowId2PadId[].flowId': reference('newTaskFlow'),
    'body.flowId2PadId[].padIdList': reference('idleTerminal'),
    'body.flowId2PadId[].padIds': reference('idleTerminal'),
  },
  'GET /api/task/exportDeviceId': { 'query.taskId': target('task') },
  'GET /api/task/exportQrCodeUrls': { 'query.taskId': target('task') },

  'POST /api/station/result': {
    'body.clientResultId': exempt('an idempotency key made up by the station; finding 13 has its own test'),
    'body.autoValues[].itemId': exempt('station routes answer to a station session: items come from its own assignment (station tests)'),
    'body.manualResults[].itemId': exempt('station routes answer to a station session: items come from its own assignment (station tests)'),
  },

  'GET /api/station/device': {
    'query.productionCode': exempt('station routes answer to a station session: the code is checked against its own task (station-device tests)'),
  },

  'GET /api/productionRecord/list': { 'query.taskId': target('task') },
  'GET /api/productionRecord/detail': { 'query.id': target('productionCode') },
  'GET /api/productionRecord/export': { 'query.id': target('productionCode') },
  'GET /api/productionRecord/exportList': { 'query.taskId': target('task') },
  'GET /api/flow/checkDetail': { 'query.id': target('flowResult') },
  'GET /api/flow/historyList': { 'query.flowTopoId': target('taskFlow'), 'query.deviceId': target('productionCode') },
  // Not id-named: a trace by production code must find nothing of another's lines.
  'GET /api/device/trace': { 'query.text': filter('productionCode') },

  'GET /api/stock/batchList': {
    'query.productId': filter('product'),
    'query.batchId': exempt('the batch number, matched as text within the caller’s own batches, not a row id'),
  },
  'GET /api/stock/batchDetail': { 'query.stockBatchId': target('stockBatch') },
  'GET /api/stock/recordList': { 'query.stockBatchId': target('stockBatch') },
  // Not id-named: the unit's SN, or its production code when it has none.
  'GET /api/stock/recordDetail': { 'query.batchId': target('stockBatch'), 'query.sn': target('productionCode') },
  'GET /api/stock/outputList': { 'query.productId': filter('product') },
  'POST /api/station/stock/in': { 'body.clientId': STOCK_CLIENT_ID },
  'POST /api/station/stock/closeBatch': { 'body.clientId': STOCK_CLIENT_ID },
  'POST /api/station/stock/out': { 'body.clientId': STOCK_CLIENT_ID },
  'POST /api/station/spotCheck/result': { 'body.clientId': STOCK_CLIENT_ID },

  'GET /api/fitting/detail': { 'query.id': target('fitting') },
  'POST /api/fitting/edit': { 'body.id': target('fitting') },
  'POST /api/fitting/delete': { 'body.id': target('fitting') },
  'GET /api/dtu/list': { 'query.fittingId': target('fitting') },
  'GET /api/dtu/detail': { 'query.id': target('dtu') },
  'POST /api/dtu/add': { 'body.fittingId': target('fitting') },
  'POST /api/dtu/edit': { 'body.id': target('dtu'), 'body.fittingId': reference('fitting') },
  'POST /api/dtu/delete': { 'body.id': target('dtu') },
  ...propertyScope('serialProperty', 'serialProperty'),
  ...propertyScope('autoProperty', 'autoProperty'),
  ...propertyScope('otherProperty', 'otherProperty'),
  'GET /api/communication/detail': { 'query.id': target('communicationModule') },
  'POST /api/communication/edit': { 'body.id': target('communicationModule') },
  'POST /api/communication/delete': { 'body.id': target('communicationModule') },
  'GET /api/communication/dtuList': { 'query.communicationPartId': target('communicationModule') },
  'GET /api/communication/dtuDetail': { 'query.id': target('moduleDtu') },
  'POST /api/communication/dtuAdd': { 'body.communicationPartId': target('communicationModule') },
  'POST /api/communication/dtuEdit': { 'body.id': target('moduleDtu') },
  'POST /api/communication/dtuDelete': { 'body.id': target('moduleDtu') },

  'GET /api/dtuTask/list': {
    'query.dtuId': target('dtu'),
    'query.productLineId': lineOfCaller('filter'),
    'query.aimProductLineId': lineOfCaller('filter'),
  },
  'GET /api/dtuTask/detail': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/padList': { 'query.lineId': lineOfCaller('filter'), 'query.taskId': filter('dtuTask') },
  'POST /api/dtuTask/add': {
    'body.dtuId': reference('moduleDtu'),
    'body.productLineId': lineOfCaller('reference'),
    'body.aimLineId': lineOfCaller('reference'),
    'body.pads': reference('dtuPad'),
    'body.padsForComCheck': exempt('serial terminals are for bluetooth DTUs only; the plausible THREE_2_ONE task has none (dtu-task tests)'),
  },
  'POST /api/dtuTask/edit': {
    'body.id': target('editableDtuTask'),
    'body.dtuId': reference('moduleDtu'),
    'body.productLineId': lineOfCaller('reference'),
    'body.aimLineId': lineOfCaller('reference'),
    'body.pads': reference('dtuPad'),
    'body.padsForComCheck': exempt('serial terminals are for bluetooth DTUs only; the plausible THREE_2_ONE task has none (dtu-task tests)'),
  },
  'POST /api/dtuTask/duplicateEnable': { 'body.taskId': target('dtuTask') },
  'POST /api/dtuTask/start': { 'body.taskId': target('editableDtuTask') },
  'POST /api/dtuTask/stop': { 'body.taskId': target('dtuTask') },
  'POST /api/dtuTask/end': { 'body.taskId': target('dtuTask') },
  'POST /api/dtuTask/delete': { 'body.taskId': target('editableDtuTask') },
  'GET /api/dtuTask/find': { 'query.dtuId': target('moduleDtu') },
  'GET /api/dtuTask/watchCount': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/events': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/checkinfoList': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/checkinfoDetail': { 'query.id': target('dtuTest') },
  'POST /api/dtuTask/checkinfoDelete': { 'body.id': target('dtuTest') },
  'GET /api/dtuTask/checkHistoryList': {
    'query.dtuId': target('moduleDtu'),
    'query.taskId': filter('dtuTask'),
    'query.beforeId': exempt('a position in the check log (the last id shown), not a row the caller names'),
  },
  'POST /api/station/dtu/result': {
    'body.clientResultId': exempt('an idempotency key made up by the station; the dtu-station tests resend with it'),
  },
  'POST /api/station/dtu/scan': {
    'body.batchId': exempt('station routes answer to a station session: a batch is checked against its own task (dtu-sampling tests)'),
  },
  'POST /api/station/dtu/sample': {
    'body.batchId': exempt('station routes answer to a station session: a batch is checked against its own task (dtu-sampling tests)'),
    'body.otherResults[].propertyId': exempt('station routes answer to a station session: properties come from its own assignment (dtu-sampling tests)'),
  },

  // Submission, sampling and the report (issue 18)
  'POST /api/dtuTask/submit': { 'body.taskId': target('dtuTask') },
  'GET /api/dtuTask/export': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/submitRecordList': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/submitRecordDetailList': { 'query.batchId': target('dtuBatch') },
  'GET /api/dtuTask/submitRecordExport': { 'query.batchId': target('dtuBatch') },
  'GET /api/dtuTask/checkinfoCheckDetail': { 'query.taskId': target('dtuTask') },
  'POST /api/checkTask/bind': { 'body.id': target('dtuTask'), 'body.aimLineId': lineOfCaller('reference'), 'body.pads': reference('dtuPad') },
  'POST /api/checkTask/unbind': { 'body.taskId': target('dtuTask') },
  'GET /api/dtuTask/checkinfoGroupList': { 'query.taskId': target('dtuTask') },
  'GET /api/dtuTask/checkinfoGroupCheckList': { 'query.id': target('dtuBatch') },
  'GET /api/dtuTask/checkinfoGroupCheckDetail': { 'query.id': target('dtuSample') },
  'POST /api/dtuTask/checkinfoCheckDelete': { 'body.id': target('dtuSample') },
  'GET /api/dtuTask/reportDetail': { 'query.id': target('dtuBatch') },
  'GET /api/dtuTask/reportGprs': { 'query.batchId': target('dtuBatch') },
  'GET /api/dtuTask/reportExport': { 'query.batchId': target('dtuBatch') },

  'GET /api/board/events': { 'query.taskId': target('task') },
  'GET /api/board/schedule': { 'query.taskId': target('task') },
  'GET /api/board/problemTotal': { 'query.taskId': target('task') },
  'GET /api/board/problemChart': { 'query.taskId': target('task') },
  'GET /api/board/problemTop': { 'query.taskId': target('task') },
  'GET /api/board/onePassTotal': { 'query.taskId': target('task') },
  'GET /api/board/onePassDetail': { 'query.taskId': target('task') },
};

export function isExempt(field: FieldClass): field is ExemptField {
  return 'exempt' in field;
}
