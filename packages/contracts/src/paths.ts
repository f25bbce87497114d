import { ENDPOINTS, pathsOf } from './endpoints.js';

/** API paths shared by the server's route list, the console and the tests (DESIGN.md §3). */
export const API_ROOT = '/api';

/**
 * Paths by name: those of the endpoints (endpoints.ts) and the few that are not
 * calls of their own (the docs, the stored-file prefix). Calls not yet moved to an
 * endpoint group keep their literal here until they are (issue 14).
 */
export const PATHS = {
  ...pathsOf(ENDPOINTS),
  captcha: '/api/user/code',
  login: '/api/user/login',
  platformLogin: '/api/platform/login',
  logout: '/api/user/logout',
  editPassword: '/api/user/editPassword',
  menuTree: '/api/menu/getMenuTree',
  health: '/api/health',
  docs: '/api/docs',


  terminalCategory: '/api/terminal/category',
  terminalList: '/api/terminal/list',
  terminalUnbind: '/api/terminal/unbindPad',
  terminalEdit: '/api/terminal/editPad',
  terminalAdd: '/api/terminal/add',

  userLineTree: '/api/user/lineTree',
  userList: '/api/user/getList',
  userDetail: '/api/user/detail',
  userResetPassword: '/api/user/resetPassword',
  /** GET: the password new and reset users get (DEFAULT_USER_PASSWORD), for the reset confirmation */
  userDefaultPassword: '/api/user/defaultPassword',
  userChangeStatus: '/api/user/changeStatus',
  userDelete: '/api/user/delete',
  userCreate: '/api/user/create',
  userEdit: '/api/user/edit',

  roleAll: '/api/role/all',
  roleList: '/api/role/getList',
  roleDetail: '/api/role/detail',
  roleCopy: '/api/role/copy',
  roleChangeStatus: '/api/role/changeStatus',
  roleDelete: '/api/role/delete',
  roleCreate: '/api/role/create',
  roleEdit: '/api/role/edit',

  documentList: '/api/document/list',
  documentUpload: '/api/document/upload',
  documentDelete: '/api/document/delete',
  fileUpload: '/api/file/upload',
  /** GET `${file}/<key>` serves a stored file */
  file: '/api/file',

  operationLogList: '/api/operationLog/list',

  productTypes: '/api/product/getProductTypes',
  communicationTypes: '/api/product/getCommunicationTypes',
  dataFormats: '/api/product/getDataFormats',
  dataTypes: '/api/product/getDataTypes',
  units: '/api/product/getUnits',
  productQuery: '/api/product/queryProduct',
  productDetail: '/api/product/detail',
  productCreate: '/api/product/create',
  productEdit: '/api/product/edit',
  productPublish: '/api/product/publish',
  productRevoke: '/api/product/revoke',
  productCopy: '/api/product/copy',
  productDelete: '/api/product/delete',

  propertyList: '/api/property/list',
  propertyDetail: '/api/property/detail',
  propertyAdd: '/api/property/add',
  propertyEdit: '/api/property/edit',
  propertyDelete: '/api/property/delete',
  propertyExportJson: '/api/property/exportJson',

  flowList: '/api/flow/list',
  flowDetail: '/api/flow/detail',
  flowAdd: '/api/flow/add',
  flowEdit: '/api/flow/edit',
  flowDelete: '/api/flow/delete',
  flowChangePosition: '/api/flow/changePosition',
  flowInsertPosition: '/api/flow/insertPosition',

  firmwareList: '/api/firmware/list',
  firmwareDetail: '/api/firmware/detail',
  firmwareAdd: '/api/firmware/add',
  firmwareEdit: '/api/firmware/edit',
  firmwareUse: '/api/firmware/use',
  firmwareStop: '/api/firmware/stop',
  firmwareDelete: '/api/firmware/delete',
  operationLogModules: '/api/operationLog/modules',

  taskList: '/api/task/getTasks',
  taskStart: '/api/task/startTask',
  taskStop: '/api/task/stopTask',
  taskFinish: '/api/task/endTask',
  taskDelete: '/api/task/delTask',
  taskExportCodes: '/api/task/exportDeviceId',
  taskQrCodeUrls: '/api/task/exportQrCodeUrls',
  taskDetail: '/api/task/getTaskDetail',
  taskCreate: '/api/task/createTask',
  taskEdit: '/api/task/editTask',
  taskEditData: '/api/task/getTaskDetail4Edit',
  padList: '/api/pad/getPadList',
  padSet: '/api/pad/setPad',
  /** GET `${productionCodeQr}/<code>.png`: the QR label image of a production code (public, like files) */
  productionCodeQr: '/api/productionCode/qr',

  recordList: '/api/productionRecord/list',
  recordDetail: '/api/productionRecord/detail',
  recordExport: '/api/productionRecord/export',
  flowCheckDetail: '/api/flow/checkDetail',
  flowHistoryList: '/api/flow/historyList',
  /** beyond the specification: a device's whole history by code, SN, MAC or IMEI */
  deviceTrace: '/api/device/trace',

  boardSchedule: '/api/board/schedule',
  boardProblemTotal: '/api/board/problemTotal',
  boardProblemChart: '/api/board/problemChart',
  boardProblemTop: '/api/board/problemTop',
  boardOnePassTotal: '/api/board/onePassTotal',
  boardOnePassDetail: '/api/board/onePassDetail',
  /** beyond the specification: server-sent events, one `result` event per burst of results of the task */
  boardEvents: '/api/board/events',
  /** beyond the specification: a one-use ticket (60 s) that opens boardEvents; an EventSource sends no bearer header */
  boardEventsTicket: '/api/board/eventsTicket',

  dataCenterRealTimeInput: '/api/dataCenter/realTimeInput',
  dataCenterStatisticInfo: '/api/dataCenter/statisticInfo',
  dataCenterDevOutput: '/api/dataCenter/devOutput',
  dataCenterProductionTop: '/api/dataCenter/productionTop',
  dataCenterPdaCount: '/api/dataCenter/pdaCount',
  dataCenterPadCount: '/api/dataCenter/padCount',
  dataCenterDeviceAverage: '/api/dataCenter/deviceAverage',
  dataCenterTaskCount: '/api/dataCenter/taskCount',
  dataCenterDeviceProductivity: '/api/dataCenter/deviceProductivity',
  dataCenterDeviceOnePass: '/api/dataCenter/deviceOnePass',
  /** beyond the specification: server-sent events, one `result` event per burst of results in the account */
  dataCenterEvents: '/api/dataCenter/events',
  /** beyond the specification: a one-use ticket (60 s) that opens dataCenterEvents */
  dataCenterEventsTicket: '/api/dataCenter/eventsTicket',

  /** the station API (DESIGN.md §6): its own token, from /api/station/login */
  stationLogin: '/api/station/login',
  stationLogout: '/api/station/logout',
  stationAssignment: '/api/station/assignment',
  stationResult: '/api/station/result',
  stationResults: '/api/station/results',
  /** the unit of a scanned production code as this terminal's flow sees it, checked as a result would be */
  stationDevice: '/api/station/device',
  /** an idle terminal's last task (the task of its latest result), so the station app can say why it is idle */
  stationLastTask: '/api/station/lastTask',
  /** the filtered records list as one xlsx (issue 13) */
  recordExportList: '/api/productionRecord/exportList',
} as const;
