import type { Generated } from 'kysely';

/* DTU tasks, their device tests and the check log (migration 017). */

export interface DtuTaskTable {
  id: Generated<number>;
  ownerId: number;
  creatorId: number | null;
  dtuId: number;
  /** the task's name (a rework task: the accessory model) */
  fittingType: string;
  /** 1 rework task */
  reworkTask: Generated<number>;
  productLineId: number;
  /** 目标客户: the line that will use the DTUs */
  aimLineId: number;
  expireTime: number | null;
  productionNumber: number;
  /** units whose latest result passed */
  finishNumber: Generated<number>;
  /** units with a result */
  testedNumber: Generated<number>;
  /** DTU_TASK_STATUSES */
  status: string;
  duplicateEnable: Generated<number>;
  needExcel: Generated<number>;
  excelFileId: number | null;
  testFirmwareVersion: Generated<string>;
  firmwareChangeTime: number | null;
  createTime: number;
  updateTime: number;
  startTime: number | null;
  finishTime: number | null;
  deleted: Generated<number>;
  /** sampling (migration 018): the line, the quantity per batch, the GB/T 2828.1 level and AQL */
  checkLineId: number | null;
  checkNumber: number | null;
  checkLevel: Generated<string>;
  checkAql: Generated<number>;
}

export interface DtuTaskExcelRowTable {
  id: Generated<number>;
  taskId: number;
  /** the row of the sheet (1-based, the header being row 1) */
  rowNo: number;
  major: number;
  minor: number;
  /** the unit it was delivered to */
  testId: number | null;
}

export interface DtuTestTable {
  id: Generated<number>;
  taskId: number;
  dtuId: number;
  ownerId: number;
  /** the IMEI or MAC the unit was scanned by, upper case */
  unitCode: string;
  imei: Generated<string>;
  mac: Generated<string>;
  terminalId: number | null;
  testerId: number | null;
  startTime: number;
  checkTime: number | null;
  /** null while under test, PASS or NOT_PASS */
  testStatus: string | null;
  /** UNSUBMIT or SUBMIT */
  manageStatus: Generated<string>;
  submitBatchId: number | null;
  /** 0: a production record; otherwise a sample of that dtu_submit_batch (migration 018) */
  sampleBatchId: Generated<number>;
  clientResultId: string | null;
  serverVerified: Generated<number>;
  /** JSON [{code, pass}] */
  keyResults: string | null;
  /** JSON string[] */
  failures: string | null;
}

export interface DtuTestValueTable {
  id: Generated<number>;
  testId: number;
  /** AUTO, SERIAL or BASE */
  kind: string;
  propertyId: number | null;
  code: string;
  name: string;
  value: string | null;
  /** 1 pass, 0 fail, null not judged */
  pass: number | null;
  reportTime: number;
}

export interface DtuUniqueValueTable {
  id: Generated<number>;
  dtuId: number;
  /** the property code, or UNIT for the unit's own IMEI/MAC */
  code: string;
  value: string;
  testId: number;
}

export interface DtuReportTable {
  id: Generated<number>;
  unitCode: string;
  receiveTime: number;
  /** MQTT or STATION */
  source: string;
  /** the report as received (JSON text) */
  content: string;
  dtuId: number | null;
  taskId: number | null;
  testId: number | null;
  terminalId: number | null;
}

/* Submission and sampling (migration 018). */

export interface DtuSubmitBatchTable {
  id: Generated<number>;
  taskId: number;
  ownerId: number;
  /** the batch's number within its task: 1, 2, … */
  seq: number;
  submitNumber: number;
  passNumber: number;
  submitTime: number;
  submitterId: number | null;
  checkCount: Generated<number>;
  defectCount: Generated<number>;
  sampleSize: number | null;
  acceptNumber: number | null;
  rejectNumber: number | null;
  /** SAMPLING_VERDICTS */
  verdict: Generated<string>;
  checkPersonId: number | null;
  checkTime: number | null;
}

export interface DtuSampleValueTable {
  id: Generated<number>;
  /** the sample (a dtu_test row with sampleBatchId) */
  testId: number;
  /** the dtu_other_property judged */
  propertyId: number;
  category: string;
  property: string;
  checkTool: string;
  checkStandard: string;
  actValue: string;
  /** 1 pass, 0 fail */
  pass: number;
  recordTime: number;
  testerId: number | null;
}
