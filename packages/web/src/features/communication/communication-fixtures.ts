// Test data of the module pages (imported by their *.test.tsx only).
import {
  type CommunicationModule,
  DTU_ENDPOINTS,
  type Dtu,
  MENUS,
  PATHS,
} from '@factory/contracts';
import { answer, type FakeRoute } from '../../test/fake-server';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** Every button of /communication (DESIGN.md §4). */
export const MODULE_BUTTONS = ['add', 'detail', 'edit', 'delete'];

/** A session holding the given buttons on 通信模块 under 生产中心 / 配件检测. */
export function moduleSession(funcBotton: string[] = MODULE_BUTTONS) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '配件检测', url: '/partsCheck', level: 2 }),
    sessionMenu({ id: 3, pId: 2, name: '通信模块', url: MENUS.communication, level: 3, funcBotton }),
  ]);
}

export function moduleOf(fields: Partial<CommunicationModule> & Pick<CommunicationModule, 'id'>): CommunicationModule {
  return {
    modelType: `MODULE_${fields.id}`,
    communicationType: 'THREE_2_ONE',
    communicationTypeName: '海容三合一',
    standardVoltage: '5.0',
    productCompany: '海容科技有限公司',
    modelImageUrl: null,
    dtuCount: 0,
    createTime: '2026-03-01 09:30:00',
    ...fields,
  };
}

/** An enabled DTU of module 3 with its three files stored. */
export function moduleDtuOf(fields: Partial<Dtu> & Pick<Dtu, 'id'>): Dtu {
  return {
    fittingId: null,
    fittingType: null,
    communicationPartId: 3,
    dtuType: `DTU${fields.id}`,
    modelType: '',
    productCompany: '',
    standardVoltage: '',
    bandRate: null,
    connectInternet: true,
    communicationType: 'THREE_2_ONE',
    communicationTypeDesc: '海容三合一',
    testFirmwareVersion: '',
    testFirmwareUrl: null,
    testFirmwareFileName: null,
    productFileUrl: `${PATHS.file}/product${fields.id}`,
    productFileOriginName: `生产文件${fields.id}.pdf`,
    bomListFileUrl: `${PATHS.file}/bom${fields.id}`,
    bomListOriginName: `BOM${fields.id}.xlsx`,
    otherRequestFileUrl: `${PATHS.file}/other${fields.id}`,
    otherRequestFileOriginName: `其他要求${fields.id}.docx`,
    frontImageUrl: null,
    backImageUrl: null,
    status: 1,
    createTime: '2026-03-02 10:00:00',
    ...fields,
  };
}

/** The communication types as the server lists them. */
export const TYPES_ROUTE: FakeRoute = answer(DTU_ENDPOINTS.dtuCommunicationTypes, [
  { code: 'THREE_2_ONE', name: '海容三合一', identity: 'IMEI' },
  { code: 'bluetooth', name: '蓝牙', identity: 'MAC' },
  { code: 'WIFI', name: 'WIFI', identity: 'MAC' },
  { code: '2.4G', name: '2.4G', identity: 'IMEI' },
  { code: 'other', name: '其他', identity: 'IMEI' },
]);

/** The parts of a multipart body, text parts as text and file parts as their name, type and content. */
export async function partsOf(form: FormData): Promise<Record<string, string | { name: string; type: string; text: string }>> {
  const parts: Record<string, string | { name: string; type: string; text: string }> = {};
  for (const [name, value] of form.entries()) {
    parts[name] = typeof value === 'string' ? value : { name: value.name, type: value.type, text: await value.text() };
  }
  return parts;
}
