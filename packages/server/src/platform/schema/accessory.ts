import type { Generated } from 'kysely';

/* The accessory catalogue: parts, communication modules, DTU models and their test properties (migration 016). */

export interface FittingTable {
  id: Generated<number>;
  ownerId: number;
  /** 1 = DTU */
  fittingType: number;
  partDesc: string;
  imageFileId: number | null;
  /** 1 listed, −1 deleted */
  status: Generated<number>;
  createTime: number;
}

export interface CommunicationModuleTable {
  id: Generated<number>;
  ownerId: number;
  modelType: string;
  communicationType: string;
  standardVoltage: string;
  productCompany: string;
  imageFileId: number | null;
  /** 1 listed, −1 deleted */
  status: Generated<number>;
  createTime: number;
}

export interface DtuTable {
  id: Generated<number>;
  ownerId: number;
  fittingId: number | null;
  communicationPartId: number | null;
  dtuType: string;
  modelType: string;
  productCompany: string;
  standardVoltage: string;
  bandRate: number | null;
  /** 1 networked, 0 not */
  connectInternet: Generated<number>;
  communicationType: string | null;
  communicationTypeDesc: Generated<string>;
  testFirmwareVersion: Generated<string>;
  testFirmwareFileId: number | null;
  productFileId: number | null;
  bomListFileId: number | null;
  otherRequestFileId: number | null;
  frontImageFileId: number | null;
  backImageFileId: number | null;
  /** 1 enabled, −1 archived */
  status: Generated<number>;
  createTime: number;
  archiveTime: number | null;
}

interface PropertyColumns {
  id: Generated<number>;
  dtuId: number;
  /** 0 not tested, 1 tested */
  status: Generated<number>;
  createTime: number;
}

export interface DtuSerialPropertyTable extends PropertyColumns {
  name: string;
  code: string;
  verifyRule: string;
  aimValue: string | null;
  minValue: string | null;
  maxValue: string | null;
}

export interface DtuAutoPropertyTable extends PropertyColumns {
  name: string;
  code: string;
  dataType: string;
  verifyRule: string | null;
  aimValue: string | null;
  minValue: string | null;
  maxValue: string | null;
  /** 1: no standard, and no two units may report the same value (`unique` of the API) */
  uniqueValue: Generated<number>;
  trueValue: string | null;
  falseValue: string | null;
  aimBooleanValue: number | null;
  /** JSON text of index → label */
  enumMap: string | null;
  aimEnumMap: string | null;
  description: string | null;
}

export interface DtuOtherPropertyTable extends PropertyColumns {
  category: string;
  property: string;
  checkTool: string;
  checkStandard: string;
}
