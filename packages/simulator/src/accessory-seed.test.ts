import { COMMUNICATION_ENDPOINTS, DTU_ENDPOINTS, DTU_PROPERTY_ENDPOINTS, FITTING_ENDPOINTS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { liveServer } from '../test/live-server.js';
import { DEMO_ACCESSORIES } from './accessory-plan.js';
import { seedAccessories } from './accessory-seed.js';

/**
 * The demo's accessory catalogue seeded through the console API of a real server, and
 * read back as the parts, property and module pages read it; seeding twice changes nothing.
 */
describe('the demo accessory catalogue', () => {
  const live = liveServer();

  it('fills the parts, DTU, property and module pages, once', { timeout: 60_000 }, async () => {
    const { api, url } = live;
    await seedAccessories(api, DEMO_ACCESSORIES);
    await seedAccessories(api, DEMO_ACCESSORIES);

    const parts = (await api(FITTING_ENDPOINTS.fittingList, {})).list;
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ partDesc: DEMO_ACCESSORIES.partDesc, fittingTypeName: 'DTU', dtuCount: 2 });
    const image = await fetch(url + parts[0]!.partImageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');

    const dtus = (await api(DTU_ENDPOINTS.dtuList, { fittingId: parts[0]!.id })).list;
    expect(dtus.map((dtu) => dtu.dtuType).sort()).toEqual(['HR4GDTU01', 'HRBLEDTU02']);
    const cellular = dtus.find((dtu) => dtu.dtuType === 'HR4GDTU01')!;
    expect(cellular).toMatchObject({ connectInternet: true, communicationType: 'THREE_2_ONE', communicationTypeDesc: '海容三合一', bandRate: 115200 });
    expect(cellular.bomListOriginName).toBe('HR4GDTU01_BOM清单.csv');
    expect(cellular.testFirmwareFileName).toBe('HR4GDTU01_v1.2.0.bin');
    for (const link of [cellular.frontImageUrl, cellular.backImageUrl, cellular.productFileUrl, cellular.otherRequestFileUrl]) {
      expect((await fetch(url + link!)).status).toBe(200);
    }

    const auto = (await api(DTU_PROPERTY_ENDPOINTS.autoPropertyList, { dtuId: cellular.id, pageSize: 0 })).list;
    expect(auto.map((property) => [property.code, property.status]).sort()).toEqual([
      ['CSQ', 1],
      ['ICCID', 1],
      ['IMEI', 1],
      ['SERVER_VERIFY', 1],
      ['VERSION', 1],
      ['VOLTAGE', 0],
    ]);
    expect(auto.find((property) => property.code === 'IMEI')).toMatchObject({ unique: true, aimValue: null, verifyRule: null });
    const bluetooth = dtus.find((dtu) => dtu.dtuType === 'HRBLEDTU02')!;
    const serial = (await api(DTU_PROPERTY_ENDPOINTS.serialPropertyList, { dtuId: bluetooth.id, pageSize: 0 })).list;
    expect(serial.map((property) => property.name).sort()).toEqual(['串口回环', '串口波特率', '蓝牙信号强度']);
    const mode = (await api(DTU_PROPERTY_ENDPOINTS.autoPropertyList, { dtuId: bluetooth.id, pageSize: 0 })).list.find((p) => p.code === 'WORK_MODE');
    expect(mode).toMatchObject({ dataType: 'enum', enumMap: { 0: '广播', 1: '连接', 2: '休眠' }, aimEnumMap: { 0: '广播' } });
    const other = (await api(DTU_PROPERTY_ENDPOINTS.otherPropertyList, { dtuId: cellular.id, pageSize: 0 })).list;
    // the other properties a sample is judged on by hand, all under test
    expect(other.map((property) => [property.category, property.property, property.checkTool, property.checkStandard, property.status].join(' / ')).sort()).toEqual([
      '外观检查 / 外壳 / 目测 / 外壳无划痕、无变形、无污渍 / 1',
      '外观检查 / 标签 / 目测 / 标签清晰端正，型号与BOM一致 / 1',
      '尺寸检查 / 外壳长度 / 游标卡尺 / 100±0.5mm / 1',
      '接口检查 / 接线端子 / 万用表 / 端子牢固，电源与串口线导通正常 / 1',
    ]);

    const modules = (await api(COMMUNICATION_ENDPOINTS.communicationList, {})).list;
    expect(modules).toHaveLength(1);
    expect(modules[0]).toMatchObject({ modelType: 'EC800M_CN', communicationTypeName: '海容三合一', dtuCount: 2 });
    const moduleDtus = (await api(COMMUNICATION_ENDPOINTS.communicationDtuList, { communicationPartId: modules[0]!.id })).list;
    expect(moduleDtus.map((dtu) => dtu.dtuType).sort()).toEqual(['EC800MDTUA1', 'EC800MDTUB2']);
    expect(moduleDtus[0]).toMatchObject({ modelType: 'EC800M_CN', communicationType: 'THREE_2_ONE' });
    expect(moduleDtus[0]!.productFileOriginName).toMatch(/_生产文件\.pdf$/);
  });
});
