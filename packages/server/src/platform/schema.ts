import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables of the platform. Columns are camelCase (Kysely quotes identifiers, so
 * both dialects keep the case), times are epoch milliseconds, flags are 0/1 integers.
 */
export interface Database {
  factory: FactoryTable;
  production_line: ProductionLineTable;
  menu: MenuTable;
  role: RoleTable;
  role_menu: RoleMenuTable;
  account: AccountTable;
  account_line: AccountLineTable;
  session: SessionTable;
  stream_ticket: StreamTicketTable;
  captcha: CaptchaTable;
  login_failure: LoginFailureTable;
  platform_code: PlatformCodeTable;
  terminal_category: TerminalCategoryTable;
  terminal: TerminalTable;
  stored_file: StoredFileTable;
  file_blob: FileBlobTable;
  upload_usage: UploadUsageTable;
  document: DocumentTable;
  operation_log: OperationLogTable;
  product_type: LookupTable<number>;
  communication_type: LookupTable<string>;
  data_format: LookupTable<number>;
  data_type: LookupTable<string>;
  unit: LookupTable<number>;
  product: ProductTable;
  product_property: ProductPropertyTable;
  product_flow: ProductFlowTable;
  flow_item: FlowItemTable;
  flow_manual_item: FlowManualItemTable;
  firmware: FirmwareTable;
  task: TaskTable;
  task_line: TaskLineTable;
  task_flow: TaskFlowTable;
  task_flow_item: TaskFlowItemTable;
  task_flow_manual_item: TaskFlowManualItemTable;
  production_code: ProductionCodeTable;
  station_session: StationSessionTable;
  flow_result: FlowResultTable;
  device_flow: DeviceFlowTable;
  flow_counter: FlowCounterTable;
  item_failure: ItemFailureTable;
  task_bucket: TaskBucketTable;
  daily_output: DailyOutputTable;
}

/** A seeded reference list; numeric ids are generated, word ids (communication, data type) are given. */
export interface LookupTable<Id extends number | string> {
  id: Id extends number ? Generated<number> : string;
  name: string;
  sequence: number;
}

export interface ProductTable {
  id: Generated<number>;
  productTypeId: number;
  /** the model number */
  number: string;
  code: string;
  connectInternet: number;
  communicationId: string;
  dataFormatId: number;
  description: string;
  /** UNPUBLISH, PUBLISH or PRODUCTING */
  publishStatus: string;
  ownerId: number;
  createTime: number;
  publishTime: number | null;
}

export interface ProductPropertyTable {
  id: Generated<number>;
  productId: number;
  name: string;
  code: string;
  dataTypeId: string;
  min: number | null;
  max: number | null;
  unitId: number | null;
  length: number | null;
  /** JSON text of { "0": label, ... } */
  enumerates: string | null;
  trueValue: string | null;
  falseValue: string | null;
  description: string;
  valueDescription: string | null;
  createTime: number;
  updateTime: number;
}

export interface ProductFlowTable {
  id: Generated<number>;
  productId: number;
  name: string;
  /** 1..n within the product */
  sequence: number;
  bindMac: number;
  normal: number;
  flowType: string;
  pdfFileId: number | null;
  createTime: number;
  updateTime: number;
}

export interface FlowItemTable {
  flowId: number;
  propertyId: number;
  sequence: number;
  intervalNumber: number;
  normalValue: string;
  normalValueMax: string;
  normalStr: string;
  normalBoolean: number | null;
  /** JSON array of enum keys */
  normalEnums: string;
}

export interface FlowManualItemTable {
  id: Generated<number>;
  flowId: number;
  sequence: number;
  manualValue: string;
}

export interface FirmwareTable {
  id: Generated<number>;
  productId: number;
  type: string;
  versionNumber: string;
  description: string;
  fileId: number;
  status: string;
  createTime: number;
  updateTime: number;
}

export interface TerminalCategoryTable {
  id: Generated<number>;
  name: string;
  terminalType: string;
  screenInch: string | null;
  sequence: number;
}

export interface TerminalTable {
  id: Generated<number>;
  terminalCode: string;
  terminalName: string;
  /** PAD or PDA */
  terminalType: string;
  categoryId: number | null;
  lineId: number | null;
  /** TERMINAL_STATUS: 0 unused, 1 used (PDA), 2 overall check, 3 parts check, 4 idle */
  status: number;
  taskId: number | null;
  flowId: number | null;
  workerId: number | null;
  ownerId: number;
  createTime: number;
}

export interface StoredFileTable {
  id: Generated<number>;
  fileKey: string;
  sha256: string;
  size: number;
  contentType: string;
  originName: string;
  uploaderId: number | null;
  createTime: number;
}

/** A blob on disk under FILES_DIR; its row is the lock for putting it in place and removing it (migration 008). */
export interface FileBlobTable {
  sha256: string;
  createTime: number;
}

/** Bytes an account stored in one clock hour (migration 008). */
export interface UploadUsageTable {
  accountId: number;
  /** epoch ms of the hour's start */
  windowStart: number;
  bytes: number;
}

export interface DocumentTable {
  id: Generated<number>;
  /** USER_DOC, TECH_DOC or SERVER_DOC */
  type: string;
  fileId: number;
  originName: string;
  uploaderId: number | null;
  createTime: number;
}

export interface OperationLogTable {
  id: Generated<number>;
  accountId: number | null;
  userName: string;
  module: string;
  action: string;
  method: string;
  route: string;
  targetId: string | null;
  summary: string;
  statusCode: number;
  ip: string | null;
  createTime: number;
}

export interface FactoryTable {
  id: Generated<number>;
  factoryName: string;
  /** the account (platform administrator or account owner) the factory belongs to */
  ownerId: number | null;
  createTime: number;
}

export interface ProductionLineTable {
  id: Generated<number>;
  factoryId: number;
  lineName: string;
  lineNum: string;
  /** 0 停用, 1 启用 */
  status: number;
  createTime: number;
}

/** Menus (type 0) and their function buttons (type 1, a child of the menu) in one tree. */
export interface MenuTable {
  id: Generated<number>;
  menuKey: string;
  parentId: number;
  name: string;
  url: string;
  sequence: number;
  level: number;
  type: number;
  funCode: string | null;
}

export interface RoleTable {
  id: Generated<number>;
  roleName: string;
  /** the account whose sub-users may be given this role */
  ownerId: number;
  status: number;
  createTime: number;
}

export interface RoleMenuTable {
  roleId: number;
  /** a menu or a function-button node */
  menuId: number;
}

export interface AccountTable {
  id: Generated<number>;
  userName: string;
  passwordHash: string;
  roleId: number | null;
  /** the account owner of a sub-user; null for a platform administrator */
  parentId: number | null;
  status: number;
  platformAdmin: number;
  mustChangePassword: number;
  createTime: number;
}

export interface AccountLineTable {
  accountId: number;
  lineId: number;
}

export interface SessionTable {
  /** sha-256 of the bearer token; the token itself is never stored */
  tokenHash: string;
  accountId: number;
  createTime: number;
  lastSeenAt: number;
}

/** A one-use ticket that opens one live-event stream (migration 010). */
export interface StreamTicketTable {
  /** sha-256 of the ticket; the ticket itself is never stored */
  ticketHash: string;
  /** the session (and so the account) it was issued to */
  tokenHash: string;
  /** the stream's route path, e.g. /api/board/events */
  stream: string;
  expiresAt: number;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expiresAt: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  userName: string;
  /** the caller's address (issue 12: a per-address limit beside the per-name one) */
  address: string | null;
  at: number;
}

export interface PlatformCodeTable {
  codeHash: string;
  expiresAt: number;
}

export type Account = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;
export type Menu = Selectable<MenuTable>;

/** A production-line task: N units of one product on one or more lines (issue 5). */
export interface TaskTable {
  id: Generated<number>;
  /** the tenant (root account) the task belongs to */
  ownerId: number;
  creatorId: number | null;
  productTypeId: number;
  productId: number;
  productNumber: string;
  productCode: string;
  communicationId: string;
  productionCount: number;
  /** TASK_STATUSES */
  status: string;
  expireTime: number | null;
  createTime: number;
  updateTime: number;
  startTime: number | null;
  finishTime: number | null;
}

export interface TaskLineTable {
  taskId: number;
  lineId: number;
  lineName: string;
  lineNum: string;
  sequence: number;
}

/** A flow of a task, copied from the product's flow at planning. */
export interface TaskFlowTable {
  id: Generated<number>;
  taskId: number;
  sourceFlowId: number;
  name: string;
  sequence: number;
  bindMac: number;
  flowType: string;
  pdfFileId: number | null;
}

/** An auto-check item of a task flow: the property's definition and the standard value, copied. */
export interface TaskFlowItemTable {
  id: Generated<number>;
  taskFlowId: number;
  sequence: number;
  propertyId: number;
  name: string;
  code: string;
  dataTypeId: string;
  unitName: string | null;
  min: number | null;
  max: number | null;
  length: number | null;
  enumerates: string | null;
  trueValue: string | null;
  falseValue: string | null;
  intervalNumber: number;
  normalValue: string;
  normalValueMax: string;
  normalStr: string;
  normalBoolean: number | null;
  normalEnums: string;
}

export interface TaskFlowManualItemTable {
  id: Generated<number>;
  taskFlowId: number;
  sequence: number;
  manualValue: string;
}

/** One unit of a task: the code printed on its QR label. */
export interface ProductionCodeTable {
  id: Generated<number>;
  taskId: number;
  sequence: number;
  code: string;
  createTime: number;
  sn: string | null;
  mac: string | null;
  imei: string | null;
  /** PASS, NOT_PASS, or null while flows remain untested */
  testStatus: string | null;
  passedFlows: Generated<number>;
  failedFlows: Generated<number>;
  everFailed: Generated<number>;
  resultCount: Generated<number>;
  firstTestTime: number | null;
  lastTestTime: number | null;
  /** 1 once retested where its latest result had failed (返修) */
  repaired: Generated<number>;
}

/** A terminal signed in with a user (the station app or the simulator). */
export interface StationSessionTable {
  tokenHash: string;
  terminalId: number;
  accountId: number;
  createTime: number;
  lastSeenAt: number;
}

/** One test of one device at one flow by one terminal and user (DESIGN.md §5). */
export interface FlowResultTable {
  id: Generated<number>;
  clientResultId: string;
  taskId: number;
  taskFlowId: number;
  flowSequence: number;
  codeId: number;
  terminalId: number | null;
  accountId: number | null;
  userName: string;
  status: string;
  attempt: number;
  startTime: number;
  endTime: number;
  createTime: number;
  autoResults: string;
  manualResults: string;
}

/** The latest result of a device at a flow. */
export interface DeviceFlowTable {
  codeId: number;
  taskFlowId: number;
  latestResultId: number;
  latestStatus: string;
  attempts: number;
}

/** A flow's counters from the results of one terminal; the flow's are the sum over its terminals. */
export interface FlowCounterTable {
  taskFlowId: number;
  /** kept when the terminal is deleted */
  terminalId: number;
  totalCount: Generated<number>;
  failCount: Generated<number>;
  finishNumber: Generated<number>;
  /** units whose first result was here */
  testedUnits: Generated<number>;
  /** units first retested here after failing here */
  repairUnits: Generated<number>;
  /** units that reached PASS here never having failed */
  onePassUnits: Generated<number>;
  /** units whose first failure was here */
  failedUnits: Generated<number>;
  /** results that were the unit's first attempt at the flow, and those of them that passed */
  firstCount: Generated<number>;
  firstPassCount: Generated<number>;
}

export interface ItemFailureTable {
  taskFlowId: number;
  terminalId: number;
  kind: 'auto' | 'manual';
  itemId: number;
  failCount: Generated<number>;
}

export interface TaskBucketTable {
  taskFlowId: number;
  bucketStart: number;
  terminalId: number;
  produced: Generated<number>;
  firstCount: Generated<number>;
  firstPassCount: Generated<number>;
  /** every result at the flow that ended in the bucket (migration 012) */
  testCount: Generated<number>;
  /** epoch ms: the earliest start and the latest end among those results; null in buckets written before 012 */
  firstStart: number | null;
  lastEnd: number | null;
}

export interface DailyOutputTable {
  ownerId: number;
  day: string;
  /** the task whose results the row counts; 0 for rows stored before rows had a task (migration 009) */
  taskId: number;
  shard: number;
  produced: Generated<number>;
  tested: Generated<number>;
  onePassUnits: Generated<number>;
  failedUnits: Generated<number>;
}
