import { communicationTypeName, type Dtu, OTHER_COMMUNICATION } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { fileUrl } from './files.js';
import type { Database } from './schema.js';
import type { Tenancy } from './tenancy.js';
import { formatTime } from './time.js';

// DTU models as the parts screen, the module screen and the DTU tasks (issue 17)
// read them: one query joining the stored files each DTU names, one mapping to the
// contract's shape.

/** The DTUs a caller may see: its tenant's (every tenant's for the platform administrator). */
export function dtusInScope(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db
    .selectFrom('dtu')
    .leftJoin('fitting', 'fitting.id', 'dtu.fittingId')
    .leftJoin('stored_file as firmware', 'firmware.id', 'dtu.testFirmwareFileId')
    .leftJoin('stored_file as productFile', 'productFile.id', 'dtu.productFileId')
    .leftJoin('stored_file as bomList', 'bomList.id', 'dtu.bomListFileId')
    .leftJoin('stored_file as otherRequest', 'otherRequest.id', 'dtu.otherRequestFileId')
    .leftJoin('stored_file as front', 'front.id', 'dtu.frontImageFileId')
    .leftJoin('stored_file as back', 'back.id', 'dtu.backImageFileId');
  if (tenancy.ownerId !== null) query = query.where('dtu.ownerId', '=', tenancy.ownerId);
  return query;
}

export const dtuColumns = [
  'dtu.id',
  'dtu.ownerId',
  'dtu.fittingId',
  'fitting.fittingType',
  'dtu.communicationPartId',
  'dtu.dtuType',
  'dtu.modelType',
  'dtu.productCompany',
  'dtu.standardVoltage',
  'dtu.bandRate',
  'dtu.connectInternet',
  'dtu.communicationType',
  'dtu.communicationTypeDesc',
  'dtu.testFirmwareVersion',
  'dtu.testFirmwareFileId',
  'dtu.productFileId',
  'dtu.bomListFileId',
  'dtu.otherRequestFileId',
  'dtu.frontImageFileId',
  'dtu.backImageFileId',
  'dtu.status',
  'dtu.createTime',
  'firmware.fileKey as firmwareKey',
  'firmware.originName as firmwareName',
  'productFile.fileKey as productFileKey',
  'productFile.originName as productFileName',
  'bomList.fileKey as bomListKey',
  'bomList.originName as bomListName',
  'otherRequest.fileKey as otherRequestKey',
  'otherRequest.originName as otherRequestName',
  'front.fileKey as frontKey',
  'back.fileKey as backKey',
] as const;

export interface DtuRow {
  id: number;
  ownerId: number;
  fittingId: number | null;
  fittingType: number | null;
  communicationPartId: number | null;
  dtuType: string;
  modelType: string;
  productCompany: string;
  standardVoltage: string;
  bandRate: number | null;
  connectInternet: number;
  communicationType: string | null;
  communicationTypeDesc: string;
  testFirmwareVersion: string;
  testFirmwareFileId: number | null;
  productFileId: number | null;
  bomListFileId: number | null;
  otherRequestFileId: number | null;
  frontImageFileId: number | null;
  backImageFileId: number | null;
  status: number;
  createTime: number;
  firmwareKey: string | null;
  firmwareName: string | null;
  productFileKey: string | null;
  productFileName: string | null;
  bomListKey: string | null;
  bomListName: string | null;
  otherRequestKey: string | null;
  otherRequestName: string | null;
  frontKey: string | null;
  backKey: string | null;
}

/** One DTU of the tenant (enabled or archived), or undefined: another tenant's is as unknown as a missing one. */
export function findDtu(db: Kysely<Database>, tenancy: Tenancy, id: number): Promise<DtuRow | undefined> {
  return dtusInScope(db, tenancy).select(dtuColumns).where('dtu.id', '=', id).executeTakeFirst() as Promise<DtuRow | undefined>;
}

const urlOf = (key: string | null) => (key ? fileUrl(key) : null);

/** The contract's DTU: file URLs and original names, the method's description (its name unless `other`). */
export function toDtu(row: DtuRow, timeZone: string): Dtu {
  const networked = row.connectInternet === 1;
  return {
    id: row.id,
    fittingId: row.fittingId,
    fittingType: row.fittingType,
    communicationPartId: row.communicationPartId,
    dtuType: row.dtuType,
    modelType: row.modelType,
    productCompany: row.productCompany,
    standardVoltage: row.standardVoltage,
    bandRate: row.bandRate,
    connectInternet: networked,
    communicationType: row.communicationType,
    communicationTypeDesc:
      !networked || !row.communicationType
        ? ''
        : row.communicationType === OTHER_COMMUNICATION
          ? row.communicationTypeDesc
          : communicationTypeName(row.communicationType),
    testFirmwareVersion: row.testFirmwareVersion,
    testFirmwareUrl: urlOf(row.firmwareKey),
    testFirmwareFileName: row.firmwareName,
    productFileUrl: urlOf(row.productFileKey),
    productFileOriginName: row.productFileName,
    bomListFileUrl: urlOf(row.bomListKey),
    bomListOriginName: row.bomListName,
    otherRequestFileUrl: urlOf(row.otherRequestKey),
    otherRequestFileOriginName: row.otherRequestName,
    frontImageUrl: urlOf(row.frontKey),
    backImageUrl: urlOf(row.backKey),
    status: row.status,
    createTime: formatTime(row.createTime, timeZone),
  };
}

/** The file columns of a DTU row: what the file store must keep while the row names them. */
export const DTU_FILE_COLUMNS = [
  'testFirmwareFileId',
  'productFileId',
  'bomListFileId',
  'otherRequestFileId',
  'frontImageFileId',
  'backImageFileId',
] as const;
