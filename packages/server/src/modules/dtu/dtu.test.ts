import { ACCESSORY_MSG, COMMUNICATION_TYPES, type Dtu, type DtuAddBody, MENUS, MSG, type Page, PATHS, textTooLong } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuApi, PARTS } from '../../../test/dtu-api.js';
import { createCommunicationModule, createFitting, createModuleDtu, createStoredFile } from '../../../test/factories/accessory.js';
import { createDtu } from '../../../test/factories/dtus.js';
import { adminIdOf, unique } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('DTU models of a part on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, userWith, tenant, fileUrl, dtuBody, dtuRow, count } = dtuApi(t);

  describe('communication types', () => {
    it('answers the catalogue: code, name and how a unit is told apart', async () => {
      const types = dataOf<{ code: string; name: string; identity: string }[]>(await get(PATHS.dtuCommunicationTypes, t.admin));
      expect(types).toEqual(COMMUNICATION_TYPES.map(({ code, name, identity }) => ({ code, name, identity })));
      expect(types.find((type) => type.code === 'bluetooth')).toEqual({ code: 'bluetooth', name: '蓝牙', identity: 'MAC' });
    });

    it('is read from the parts or the module screen, and refused without either menu', async () => {
      const modules = await userWith([MENUS.communication]);
      expect((await get(PATHS.dtuCommunicationTypes, modules.token)).statusCode).toBe(200);
      const other = await userWith(['/account']);
      expectRefusal(await get(PATHS.dtuCommunicationTypes, other.token), 403, MSG.noPermission);
    });
  });

  describe('add', () => {
    let fittingId: number;
    beforeAll(async () => {
      fittingId = await createFitting(db());
    });

    it('adds a DTU to the part and answers its id; detail shows it with its files', async () => {
      const firmware = await createStoredFile(db(), { content: Buffer.from('firmware'), originName: 'fw-1.0.0.bin', contentType: 'application/octet-stream' });
      const bom = await createStoredFile(db(), { content: Buffer.from('bom'), originName: 'BOM清单.xlsx', contentType: 'application/zip' });
      const body = await dtuBody(fittingId, {
        testFirmwareUrl: `/api/file/${firmware.fileKey}`,
        testFirmwareVersion: '1.0.0',
        bomListFileUrl: `/api/file/${bom.fileKey}`,
      });
      const id = dataOf<number>(await post(PATHS.dtuAdd, t.admin, body));
      const row = await dtuRow(id);
      expect(row).toMatchObject({
        ownerId: await adminIdOf(db()),
        fittingId,
        communicationPartId: null,
        dtuType: body.dtuType,
        bandRate: 9600,
        connectInternet: 1,
        communicationType: 'bluetooth',
        testFirmwareFileId: firmware.id,
        bomListFileId: bom.id,
        productFileId: null,
        status: 1,
        archiveTime: null,
      });
      const detail = dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id }));
      expect(detail).toMatchObject({
        id,
        fittingId,
        fittingType: 1,
        communicationPartId: null,
        dtuType: body.dtuType,
        modelType: 'EC200U_CN',
        productCompany: '移远通信',
        standardVoltage: '12',
        connectInternet: true,
        communicationType: 'bluetooth',
        communicationTypeDesc: '蓝牙',
        testFirmwareVersion: '1.0.0',
        testFirmwareUrl: body.testFirmwareUrl,
        testFirmwareFileName: 'fw-1.0.0.bin',
        bomListFileUrl: body.bomListFileUrl,
        bomListOriginName: 'BOM清单.xlsx',
        productFileUrl: null,
        frontImageUrl: body.frontImageUrl,
        backImageUrl: body.backImageUrl,
        status: 1,
      });
      expect(detail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.dtuAdd))?.summary).toBe(`新增DTU ${body.dtuType} 配件 #${fittingId}`);
    });

    it('keeps no method for a DTU without networking, and the description only for `other`', async () => {
      const offline = dataOf<number>(
        await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { connectInternet: false, communicationType: 'WIFI', communicationTypeDesc: '无线' })),
      );
      expect(await dtuRow(offline)).toMatchObject({ connectInternet: 0, communicationType: null, communicationTypeDesc: '' });
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id: offline }))).toMatchObject({ connectInternet: false, communicationType: null, communicationTypeDesc: '' });
      const other = dataOf<number>(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { communicationType: 'other', communicationTypeDesc: 'LoRa网关' })));
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id: other }))).toMatchObject({ communicationType: 'other', communicationTypeDesc: 'LoRa网关' });
      const wifi = dataOf<number>(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { communicationType: 'WIFI', communicationTypeDesc: '多余描述' })));
      expect(await dtuRow(wifi)).toMatchObject({ communicationType: 'WIFI', communicationTypeDesc: '' });
    });

    describe('refuses each invalid field with the form\'s message, writing nothing', () => {
      const cases: [string, Partial<DtuAddBody>, string][] = [
        ['model missing', { dtuType: '' }, ACCESSORY_MSG.dtuTypeRequired],
        ['model with a dash', { dtuType: 'DTU-1' }, ACCESSORY_MSG.dtuTypeRule],
        ['model too long', { dtuType: 'D'.repeat(33) }, ACCESSORY_MSG.dtuTypeTooLong],
        ['module model missing', { modelType: '' }, ACCESSORY_MSG.modelTypeRequired],
        ['module model too short', { modelType: 'EC2' }, ACCESSORY_MSG.modelTypeRule],
        ['supplier missing', { productCompany: '' }, ACCESSORY_MSG.productCompanyRequired],
        ['supplier with a space', { productCompany: '移远 通信' }, ACCESSORY_MSG.productCompanyRule],
        ['supplier too long', { productCompany: '移'.repeat(65) }, ACCESSORY_MSG.productCompanyTooLong],
        ['voltage missing', { standardVoltage: '' }, ACCESSORY_MSG.standardVoltageRequired],
        ['voltage with a unit', { standardVoltage: '12V' }, ACCESSORY_MSG.standardVoltageRule],
        ['baud rate missing', { bandRate: '' }, ACCESSORY_MSG.bandRateRequired],
        ['baud rate not a number', { bandRate: '96OO' }, ACCESSORY_MSG.bandRateNumber],
        ['baud rate zero', { bandRate: 0 }, ACCESSORY_MSG.bandRatePositive],
        ['networked without a method', { communicationType: null }, ACCESSORY_MSG.communicationTypeRequired],
        ['an unknown method', { communicationType: 'LoRa' as DtuAddBody['communicationType'] }, ACCESSORY_MSG.communicationTypeRequired],
        ['`other` without a description', { communicationType: 'other', communicationTypeDesc: '' }, ACCESSORY_MSG.communicationTypeDescRequired],
        ['`other` with a dash in it', { communicationType: 'other', communicationTypeDesc: 'Lo-Ra' }, ACCESSORY_MSG.communicationTypeDescRule],
        ['firmware without a version', { testFirmwareUrl: '/api/file/abc' }, ACCESSORY_MSG.firmwareVersionRequired],
        ['a version with a space', { testFirmwareVersion: '1.0 beta' }, ACCESSORY_MSG.firmwareVersionRule],
        ['no front image', { frontImageUrl: null }, ACCESSORY_MSG.frontImageRequired],
        ['no back image', { backImageUrl: '' }, ACCESSORY_MSG.backImageRequired],
        ['a file that is no upload', { productFileUrl: 'http://example.com/a.pdf' }, MSG.invalidInput],
        ['a voltage past 16 characters', { standardVoltage: '1'.repeat(17) }, textTooLong(16)],
        ['a description past 64 characters', { communicationType: 'other', communicationTypeDesc: 'a'.repeat(65) }, textTooLong(64)],
        ['a version past 32 characters', { testFirmwareVersion: '1'.repeat(33) }, textTooLong(32)],
        ['no part', { fittingId: undefined as unknown as number }, MSG.idRequired],
      ];
      it.each(cases)('%s', async (_name, overrides, message) => {
        const before = await count('dtu');
        expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, overrides)), 400, message);
        expect(await count('dtu')).toBe(before);
      });
    });

    it('refuses files the store does not hold, and images that are not png/jpg under 500 KB', async () => {
      const before = await count('dtu');
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { productFileUrl: '/api/file/nosuchkey' })), 400, ACCESSORY_MSG.fileUnknown);
      const gif = await fileUrl({ content: Buffer.from('GIF89a....'), contentType: 'image/gif', originName: 'a.gif' });
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { frontImageUrl: gif })), 400, ACCESSORY_MSG.imageType);
      const pdf = await fileUrl({ content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf', originName: 'a.pdf' });
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { backImageUrl: pdf })), 400, ACCESSORY_MSG.imageType);
      const large = await fileUrl({ content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500 * 1024)]), contentType: 'image/jpeg' });
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { frontImageUrl: large })), 413, ACCESSORY_MSG.partImageTooLarge);
      const jpg = await fileUrl({ content: Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]), contentType: 'image/jpeg', originName: 'a.jpg' });
      dataOf(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { frontImageUrl: jpg })));
      expect(await count('dtu')).toBe(before + 1);
    });

    it('answers 404 for a part that is unknown, deleted or another tenant\'s', async () => {
      const before = await count('dtu');
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(9_999_999)), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(await createFitting(db(), { status: -1 }))), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await post(PATHS.dtuAdd, other.token, await dtuBody(fittingId)), 404, MSG.recordNotFound);
      expect(await count('dtu')).toBe(before);
    });

    it('keeps a model for one enabled DTU of the tenant (archived ones and other tenants do not count)', async () => {
      const dtuType = unique('TAKEN');
      await createDtu(db(), { fittingId, dtuType });
      const before = await count('dtu');
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { dtuType })), 409, ACCESSORY_MSG.dtuTypeTaken);
      // a module's DTU holds its model as well: tasks find a DTU by it
      const moduleType = unique('MODTYPE');
      await createModuleDtu(db(), await createCommunicationModule(db()), { dtuType: moduleType });
      expectRefusal(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { dtuType: moduleType })), 409, ACCESSORY_MSG.dtuTypeTaken);
      expect(await count('dtu')).toBe(before + 1);

      const archivedType = unique('OLD');
      await createDtu(db(), { fittingId, dtuType: archivedType, status: -1 });
      dataOf(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { dtuType: archivedType })));
      const other = await tenant();
      const theirPart = await createFitting(db(), { ownerId: other.id });
      dataOf(await post(PATHS.dtuAdd, other.token, await dtuBody(theirPart, { dtuType })));
    });

    it('adds to the tenant of the part: the administrator adding to a tenant\'s part, a sub-user to its owner\'s', async () => {
      const other = await tenant();
      const theirPart = await createFitting(db(), { ownerId: other.id });
      const id = dataOf<number>(await post(PATHS.dtuAdd, t.admin, await dtuBody(theirPart)));
      expect((await dtuRow(id)).ownerId).toBe(other.id);
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, other.token, { id })).id).toBe(id);

      const sub = await userWith([PARTS]);
      const mine = dataOf<number>(await post(PATHS.dtuAdd, sub.token, await dtuBody(fittingId)));
      expect((await dtuRow(mine)).ownerId).toBe(await adminIdOf(db()));
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id: mine })).id).toBe(mine);
    });
  });

  describe('list', () => {
    let fittingId: number;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      fittingId = await createFitting(db());
      const base = Date.now() - 10_000;
      ids.a = await createDtu(db(), { fittingId, dtuType: unique('Alpha'), communicationType: 'bluetooth', createTime: base + 1 });
      ids.b = await createDtu(db(), { fittingId, dtuType: unique('Beta'), communicationType: 'WIFI', createTime: base + 2 });
      ids.c = await createDtu(db(), { fittingId, dtuType: unique('alphaX'), communicationType: 'bluetooth', createTime: base + 3 });
      ids.archived = await createDtu(db(), { fittingId, dtuType: unique('Alpha'), communicationType: 'bluetooth', status: -1, createTime: base + 4 });
      await createDtu(db(), { dtuType: unique('Alpha') });
    });
    const list = async (query: Record<string, string | number> = {}, token = t.admin) =>
      dataOf<Page<Dtu>>(await get(PATHS.dtuList, token, { fittingId, ...query }));

    it('lists the enabled DTUs of the part newest first, all of them by default', async () => {
      const page = await list();
      expect(page).toMatchObject({ total: 3, pageSize: 0, pageNum: 1 });
      expect(page.list.map((dtu) => dtu.id)).toEqual([ids.c, ids.b, ids.a]);
      expect(page.list[1]).toMatchObject({ fittingId, communicationType: 'WIFI', communicationTypeDesc: 'WIFI', status: 1 });
    });

    it('filters by method and by model (contains, ignoring case)', async () => {
      expect((await list({ communicationType: 'bluetooth' })).list.map((dtu) => dtu.id)).toEqual([ids.c, ids.a]);
      expect((await list({ communicationType: '' })).total).toBe(3);
      expect((await list({ dtuType: 'ALPHA' })).list.map((dtu) => dtu.id)).toEqual([ids.c, ids.a]);
      expect((await list({ dtuType: 'beta', communicationType: 'bluetooth' })).total).toBe(0);
    });

    it('pages', async () => {
      const second = await list({ page: 2, pageSize: 2 });
      expect(second).toMatchObject({ total: 3, pageSize: 2, pageNum: 2 });
      expect(second.list.map((dtu) => dtu.id)).toEqual([ids.a]);
    });

    it('answers 404 for a part that is unknown, deleted or another tenant\'s', async () => {
      expectRefusal(await get(PATHS.dtuList, t.admin, { fittingId: 9_999_999 }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.dtuList, t.admin, { fittingId: await createFitting(db(), { status: -1 }) }), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await get(PATHS.dtuList, other.token, { fittingId }), 404, MSG.recordNotFound);
    });

    it('shows a sub-user its owner\'s DTUs', async () => {
      const sub = await userWith([PARTS]);
      expect((await list({}, sub.token)).list.map((dtu) => dtu.id)).toEqual([ids.c, ids.b, ids.a]);
    });
  });

  describe('detail', () => {
    it('answers any DTU of the tenant: archived, or a module\'s', async () => {
      const archived = await createDtu(db(), { status: -1 });
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id: archived })).status).toBe(-1);
      const moduleDtu = await createModuleDtu(db(), await createCommunicationModule(db()));
      const seen = dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id: moduleDtu }));
      expect(seen).toMatchObject({ id: moduleDtu, fittingId: null, fittingType: null, bandRate: null, communicationTypeDesc: '海容三合一' });
      const modules = await userWith([MENUS.communication]);
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, modules.token, { id: moduleDtu })).id).toBe(moduleDtu);
    });

    it('answers 404 for an unknown DTU or another tenant\'s', async () => {
      expectRefusal(await get(PATHS.dtuDetail, t.admin, { id: 9_999_999 }), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await get(PATHS.dtuDetail, other.token, { id: await createDtu(db()) }), 404, MSG.recordNotFound);
    });
  });

  describe('permissions', () => {
    it('refuses every call of the parts screen to a user without 配件管理, before reading, and writes nothing', async () => {
      const { token } = await userWith(['/account']);
      const fittingId = await createFitting(db());
      const id = await createDtu(db(), { fittingId });
      const before = await count('dtu');
      const calls = [
        get(PATHS.dtuList, token, { fittingId }),
        get(PATHS.dtuDetail, token, { id }),
        post(PATHS.dtuAdd, token, await dtuBody(fittingId)),
        post(PATHS.dtuAdd, token, {}),
        post(PATHS.dtuEdit, token, { id, ...(await dtuBody(fittingId)) }),
        post(PATHS.dtuDelete, token, { id }),
      ];
      for (const response of await Promise.all(calls)) expectRefusal(response, 403, MSG.noPermission);
      expect(await count('dtu')).toBe(before);
      expect((await dtuRow(id)).status).toBe(1);
    });

    it('lets a user with the menu alone do everything on the screen', async () => {
      const { token } = await userWith([PARTS]);
      const fittingId = await createFitting(db());
      const id = dataOf<number>(await post(PATHS.dtuAdd, token, await dtuBody(fittingId)));
      dataOf(await post(PATHS.dtuEdit, token, { id, ...(await dtuBody(fittingId)) }));
      dataOf(await post(PATHS.dtuDelete, token, { id }));
    });
  });
});
