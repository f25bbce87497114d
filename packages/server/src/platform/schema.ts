import type {
  MenuTable,
  RoleTable,
  RoleMenuTable,
  AccountTable,
  AccountLineTable,
  SessionTable,
  StreamTicketTable,
  CaptchaTable,
  LoginFailureTable,
  PlatformCodeTable,
} from './schema/accounts.js';
import type { FactoryTable, ProductionLineTable, TerminalCategoryTable, TerminalTable } from './schema/lines.js';
import type { StoredFileTable, FileBlobTable, UploadUsageTable, DocumentTable } from './schema/files.js';
import type { OperationLogTable } from './schema/operation-log.js';
import type {
  LookupTable,
  ProductTable,
  ProductPropertyTable,
  ProductFlowTable,
  FlowItemTable,
  FlowManualItemTable,
  FirmwareTable,
} from './schema/products.js';
import type {
  TaskTable,
  TaskLineTable,
  TaskFlowTable,
  TaskFlowItemTable,
  TaskFlowManualItemTable,
  ProductionCodeTable,
} from './schema/tasks.js';
import type {
  StationSessionTable,
  FlowResultTable,
  DeviceFlowTable,
  FlowCounterTable,
  ItemFailureTable,
  TaskBucketTable,
  DailyOutputTable,
} from './schema/results.js';
import type { StockBatchTable, StockUnitTable, StockMovementTable } from './schema/stock.js';
import type {
  FittingTable,
  CommunicationModuleTable,
  DtuTable,
  DtuSerialPropertyTable,
  DtuAutoPropertyTable,
  DtuOtherPropertyTable,
} from './schema/accessory.js';
import type {
  DtuTaskTable,
  DtuTaskExcelRowTable,
  DtuTestTable,
  DtuSubmitBatchTable,
  DtuSampleValueTable,
  DtuTestValueTable,
  DtuUniqueValueTable,
  DtuReportTable,
} from './schema/dtu-tasks.js';

// Every table's row type, so importers keep reading them from here.
export type * from './schema/accounts.js';
export type * from './schema/lines.js';
export type * from './schema/files.js';
export type * from './schema/operation-log.js';
export type * from './schema/products.js';
export type * from './schema/tasks.js';
export type * from './schema/results.js';
export type * from './schema/stock.js';
export type * from './schema/dtu-tasks.js';
export type * from './schema/accessory.js';

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
  stock_batch: StockBatchTable;
  stock_unit: StockUnitTable;
  stock_movement: StockMovementTable;
  fitting: FittingTable;
  communication_module: CommunicationModuleTable;
  dtu: DtuTable;
  dtu_serial_property: DtuSerialPropertyTable;
  dtu_auto_property: DtuAutoPropertyTable;
  dtu_other_property: DtuOtherPropertyTable;
  dtu_task: DtuTaskTable;
  dtu_task_excel_row: DtuTaskExcelRowTable;
  dtu_test: DtuTestTable;
  dtu_submit_batch: DtuSubmitBatchTable;
  dtu_sample_value: DtuSampleValueTable;
  dtu_test_value: DtuTestValueTable;
  dtu_unique_value: DtuUniqueValueTable;
  dtu_report: DtuReportTable;
}
