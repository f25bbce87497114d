import type { Generated } from 'kysely';

/* Tasks, the flows copied into them and their production codes. */

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
