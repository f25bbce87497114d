import type { Generated } from 'kysely';

/* Products with their reference lists, properties, flows and firmware. */

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
  /** GB/T 2828.1 inspection level of its stock batches (INSPECTION_LEVELS), default II */
  inspectionLevel: Generated<string>;
  /** acceptance quality limit of its stock batches (AQL_VALUES), default 1.0 */
  aql: Generated<number>;
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
