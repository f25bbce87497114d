import {
  COMMUNICATION_ENDPOINTS,
  DTU_ENDPOINTS,
  DTU_PROPERTY_ENDPOINTS,
  FILE_ENDPOINTS,
  FITTING_ENDPOINTS,
  MODULE_DTU_FILE_FIELDS,
  MODULE_IMAGE_FIELD,
  MODULE_PARAM_FIELD,
  PART_IMAGE_FIELD,
} from '@factory/contracts';
import type { AccessoryPlan, DtuPlan, ModulePlan } from './accessory-plan.js';
import type { ConsoleApi } from './console-client.js';
import { bomCsv, devicePng, firmwareBin, onePagePdf } from './demo-files.js';

type Log = (line: string) => void;

const DTU_PART_TYPE = 1;

/** Uploads one file through /api/file/upload, as the DTU form does, and answers its URL. */
async function upload(api: ConsoleApi, file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('files', file, name);
  const [url] = await api(FILE_ENDPOINTS.fileUpload, form);
  return url!;
}

/**
 * Seeds the accessory catalogue through the console API as staff would fill it in:
 * the DTU part with its picture, its DTU models with files, images and test
 * properties (most opened for testing), and the communication modules with their
 * DTUs. What already exists under the plan's names is kept, so seeding twice is harmless.
 */
export async function seedAccessories(api: ConsoleApi, plan: AccessoryPlan, log: Log = () => {}): Promise<void> {
  const parts = await api(FITTING_ENDPOINTS.fittingList, { fittingType: DTU_PART_TYPE });
  let fittingId = parts.list.find((part) => part.partDesc === plan.partDesc)?.id;
  if (fittingId === undefined) {
    const form = new FormData();
    form.append('fittingType', String(DTU_PART_TYPE));
    form.append('partDesc', plan.partDesc);
    form.append(PART_IMAGE_FIELD, devicePng(plan.partPicture), 'dtu.png');
    fittingId = await api(FITTING_ENDPOINTS.fittingAdd, form);
  }
  const existing = (await api(DTU_ENDPOINTS.dtuList, { fittingId })).list;
  for (const dtu of plan.dtus) {
    if (existing.some((row) => row.dtuType === dtu.dtuType)) continue;
    await seedDtu(api, fittingId, dtu);
  }
  log(`part ${plan.partDesc}: DTU ${plan.dtus.map((dtu) => dtu.dtuType).join(', ')}`);

  const modules = (await api(COMMUNICATION_ENDPOINTS.communicationList, {})).list;
  for (const module of plan.modules) {
    const id = modules.find((row) => row.modelType === module.modelType)?.id ?? (await addModule(api, module));
    const dtus = (await api(COMMUNICATION_ENDPOINTS.communicationDtuList, { communicationPartId: id, pageSize: 0 })).list;
    for (const dtuType of module.dtus) {
      if (dtus.some((row) => row.dtuType === dtuType)) continue;
      const form = new FormData();
      form.append('communicationPartId', String(id));
      form.append('dtuType', dtuType);
      const [bom, production, other] = MODULE_DTU_FILE_FIELDS;
      form.append(bom, bomCsv(dtuType, [[module.modelType, `通信模组 ${module.modelType}`, 1]]), `${dtuType}_BOM清单.csv`);
      form.append(production, onePagePdf(`Production file ${dtuType}`), `${dtuType}_生产文件.pdf`);
      form.append(other, onePagePdf(`Requirements ${dtuType}`), `${dtuType}_其他要求.pdf`);
      await api(COMMUNICATION_ENDPOINTS.communicationDtuAdd, form);
    }
    log(`communication module ${module.modelType}: DTU ${module.dtus.join(', ')}`);
  }
}

async function addModule(api: ConsoleApi, module: ModulePlan): Promise<number> {
  const form = new FormData();
  const param = {
    modelType: module.modelType,
    communicationType: module.communicationType,
    standardVoltage: module.standardVoltage,
    productCompany: module.productCompany,
  };
  form.append(MODULE_PARAM_FIELD, new Blob([JSON.stringify(param)], { type: 'application/json' }), 'param.json');
  form.append(MODULE_IMAGE_FIELD, devicePng(module.picture), `${module.modelType}.png`);
  return api(COMMUNICATION_ENDPOINTS.communicationAdd, form);
}

async function seedDtu(api: ConsoleApi, fittingId: number, dtu: DtuPlan): Promise<void> {
  const dtuId = await api(DTU_ENDPOINTS.dtuAdd, {
    fittingId,
    dtuType: dtu.dtuType,
    modelType: dtu.modelType,
    productCompany: dtu.productCompany,
    standardVoltage: dtu.standardVoltage,
    bandRate: dtu.bandRate,
    connectInternet: dtu.communicationType !== null,
    communicationType: dtu.communicationType,
    testFirmwareVersion: dtu.testFirmwareVersion,
    testFirmwareUrl: await upload(api, firmwareBin(dtu.testFirmwareVersion), `${dtu.dtuType}_v${dtu.testFirmwareVersion}.bin`),
    productFileUrl: await upload(api, onePagePdf(`Production file ${dtu.dtuType}`), `${dtu.dtuType}_生产文件.pdf`),
    bomListFileUrl: await upload(api, bomCsv(dtu.dtuType, dtu.bom), `${dtu.dtuType}_BOM清单.csv`),
    otherRequestFileUrl: await upload(api, onePagePdf(`Requirements ${dtu.dtuType}`), `${dtu.dtuType}_其他要求.pdf`),
    frontImageUrl: await upload(api, devicePng(dtu.front), `${dtu.dtuType}_正面.png`),
    backImageUrl: await upload(api, devicePng(dtu.back), `${dtu.dtuType}_背面.png`),
  });
  const stopped = new Set(dtu.stopped ?? []);
  const open = async (changeStatus: typeof DTU_PROPERTY_ENDPOINTS.serialPropertyChangeStatus, id: number, key: string) => {
    if (!stopped.has(key)) await api(changeStatus, { id, status: 1 });
  };
  for (const property of dtu.serial) {
    const id = await api(DTU_PROPERTY_ENDPOINTS.serialPropertyAdd, { dtuId, ...property });
    await open(DTU_PROPERTY_ENDPOINTS.serialPropertyChangeStatus, id, String(property.code));
  }
  for (const property of dtu.auto) {
    const id = await api(DTU_PROPERTY_ENDPOINTS.autoPropertyAdd, { dtuId, ...property });
    await open(DTU_PROPERTY_ENDPOINTS.autoPropertyChangeStatus, id, String(property.code));
  }
  for (const property of dtu.other) {
    const id = await api(DTU_PROPERTY_ENDPOINTS.otherPropertyAdd, { dtuId, ...property });
    await open(DTU_PROPERTY_ENDPOINTS.otherPropertyChangeStatus, id, String(property.property));
  }
}
