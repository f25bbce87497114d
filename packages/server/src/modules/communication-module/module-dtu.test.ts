import fs from 'node:fs';
import path from 'node:path';
import { ACCESSORY_MSG, type CommunicationModule, type Dtu, MSG, type Page, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import {
  createCommunicationModule,
  createFitting,
  createModuleDtu,
  createPartDtu,
  type FilePart,
  filesUnder,
  tinyPdf,
  unique,
  uniqueBytes,
} from '../../../test/factories/index.js';
import { partModuleApi } from '../../../test/part-module-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';

const bom = (content = uniqueBytes(200, unique('bom')), filename = 'BOM清单.xlsx'): FilePart => ({
  field: 'bomListFile',
  filename,
  content,
});
const production = (content = tinyPdf(unique('production')), filename = '生产文件.pdf'): FilePart => ({
  field: 'productFile',
  filename,
  content,
});
const other = (content = uniqueBytes(100, unique('other')), filename = '其他要求.txt'): FilePart => ({
  field: 'otherRequestFile',
  filename,
  content,
});
const allFiles = () => [bom(), production(), other()];
const dtuType = () => unique('DTU').replace(/[^A-Za-z0-9]/g, '');

describe.each(testDialects())('the DTUs of a communication module on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, form, leavesNothing, countRows, ok, storedFileOf, lastLog } = partModuleApi(t);

  type Fields = Record<string, string | number>;
  const add = (fields: Fields, files: FilePart[] = allFiles()) => form(PATHS.communicationDtuAdd, t.admin, fields, files);
  const edit = (fields: Fields, files: FilePart[] = []) => form(PATHS.communicationDtuEdit, t.admin, fields, files);
  const detail = async (id: number) => ok<Dtu>(await get(PATHS.communicationDtuDetail, t.admin, { id }));
  const list = async (communicationPartId: number, query: Record<string, string | number> = {}) =>
    ok<Page<Dtu>>(await get(PATHS.communicationDtuList, t.admin, { communicationPartId, ...query }));
  const statusOf = (id: number) => db().selectFrom('dtu').select(['status', 'archiveTime']).where('id', '=', id).executeTakeFirstOrThrow();

  describe('add', () => {
    it("stores an enabled DTU with the module's fields and the three files under their names", async () => {
      const moduleId = await createCommunicationModule(db(), { communicationType: 'WIFI', standardVoltage: '3.3' });
      const module = ok<CommunicationModule>(await get(PATHS.communicationDetail, t.admin, { id: moduleId }));
      const type = dtuType();
      const bomContent = uniqueBytes(300, unique('bom served'));
      const id = ok<number>(await add({ communicationPartId: moduleId, dtuType: type }, [bom(bomContent), production(), other()]));
      const dtu = await detail(id);
      expect(dtu).toMatchObject({
        id,
        fittingId: null,
        fittingType: null,
        communicationPartId: moduleId,
        dtuType: type,
        modelType: module.modelType,
        productCompany: module.productCompany,
        standardVoltage: '3.3',
        communicationType: 'WIFI',
        communicationTypeDesc: 'WIFI',
        connectInternet: true,
        bandRate: null,
        bomListOriginName: 'BOM清单.xlsx',
        productFileOriginName: '生产文件.pdf',
        otherRequestFileOriginName: '其他要求.txt',
        testFirmwareUrl: null,
        frontImageUrl: null,
        status: 1,
      });
      expect((await t.app.inject({ method: 'GET', url: dtu.bomListFileUrl! })).rawPayload).toEqual(bomContent);
      expect(ok<CommunicationModule>(await get(PATHS.communicationDetail, t.admin, { id: moduleId })).dtuCount).toBe(1);
      await expect.poll(() => lastLog(PATHS.communicationDtuAdd)).toBe(`新增DTU ${type} 通信模块 ${module.modelType} #${id}`);
    });

    const fieldCases: [string, Record<string, string | number>, string][] = [
      ['no model', {}, ACCESSORY_MSG.dtuTypeRequired],
      ['a model with a sign', { dtuType: 'DTU-1' }, ACCESSORY_MSG.moduleDtuTypeRule],
      ['a Chinese model', { dtuType: '网关DTU' }, ACCESSORY_MSG.moduleDtuTypeRule],
      ['a model of 33 characters', { dtuType: 'D'.repeat(33) }, ACCESSORY_MSG.dtuTypeTooLong],
    ];
    it.each(fieldCases)('answers 400 for %s, leaving nothing behind', async (_label, fields, message) => {
      const communicationPartId = await createCommunicationModule(db());
      await leavesNothing(async () => expectRefusal(await add({ communicationPartId, ...fields }), 400, message));
    });

    it('needs the module id', async () => {
      await leavesNothing(async () => expectRefusal(await add({ dtuType: dtuType() }), 400, MSG.idRequired));
    });

    it('needs the three files, in the form’s order', async () => {
      const communicationPartId = await createCommunicationModule(db());
      const fields = { communicationPartId, dtuType: dtuType() };
      await leavesNothing(async () => {
        expectRefusal(await add(fields, []), 400, ACCESSORY_MSG.bomListRequired);
        expectRefusal(await add(fields, [production(), other()]), 400, ACCESSORY_MSG.bomListRequired);
        expectRefusal(await add(fields, [bom()]), 400, ACCESSORY_MSG.productFileRequired);
        expectRefusal(await add(fields, [bom(), other()]), 400, ACCESSORY_MSG.productFileRequired);
        expectRefusal(await add(fields, [bom(), production()]), 400, ACCESSORY_MSG.otherRequestRequired);
      });
    });

    it('takes one file a slot, and refuses an empty one or one whose bytes are not its type', async () => {
      const communicationPartId = await createCommunicationModule(db());
      const fields = { communicationPartId, dtuType: dtuType() };
      await leavesNothing(async () => {
        expectRefusal(await add(fields, [bom(), bom(), production(), other()]), 400, ACCESSORY_MSG.fileOnlyOne);
        expectRefusal(await add(fields, [bom(), production(), other(), other()]), 400, ACCESSORY_MSG.fileOnlyOne);
        expectRefusal(await add(fields, [bom(Buffer.alloc(0)), production(), other()]), 400, MSG.fileRequired);
        expectRefusal(await add(fields, [bom(), production(Buffer.from('not a pdf')), other()]), 400, MSG.fileContentMismatch);
        expectRefusal(await post(PATHS.communicationDtuAdd, t.admin, fields), 400, MSG.invalidInput);
      });
    });

    it('answers 404 for a deleted or unknown module, storing none of the files', async () => {
      const gone = await createCommunicationModule(db(), { status: -1 });
      await leavesNothing(async () => {
        expectRefusal(await add({ communicationPartId: gone, dtuType: dtuType() }), 404, MSG.recordNotFound);
        expectRefusal(await add({ communicationPartId: 99_999_999, dtuType: dtuType() }), 404, MSG.recordNotFound);
      });
    });

    it("refuses (409) a model an enabled DTU of the tenant has, on either screen; an archived one's is free", async () => {
      const communicationPartId = await createCommunicationModule(db());
      const moduleTaken = dtuType();
      const partTaken = dtuType();
      const archived = dtuType();
      await createModuleDtu(db(), await createCommunicationModule(db()), { dtuType: moduleTaken });
      await createPartDtu(db(), await createFitting(db()), { dtuType: partTaken });
      await createModuleDtu(db(), communicationPartId, { dtuType: archived, status: -1 });
      await leavesNothing(async () => {
        expectRefusal(await add({ communicationPartId, dtuType: moduleTaken }), 409, ACCESSORY_MSG.dtuTypeTaken);
        expectRefusal(await add({ communicationPartId, dtuType: partTaken }), 409, ACCESSORY_MSG.dtuTypeTaken);
      });
      ok(await add({ communicationPartId, dtuType: archived }));
    });
  });

  it('stores one of two adds of one model at once and refuses the other (409), keeping none of its files', async () => {
    const communicationPartId = await createCommunicationModule(db());
    const type = dtuType();
    const before = await countRows();
    const answers = await Promise.all([add({ communicationPartId, dtuType: type }), add({ communicationPartId, dtuType: type })]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((response) => response.statusCode === 409)?.json().errorMsg).toBe(ACCESSORY_MSG.dtuTypeTaken);
    expect(await countRows()).toEqual({ ...before, dtus: before.dtus + 1, files: before.files + 3 });
    expect(filesUnder(path.join(t.config.filesDir, 'tmp'))).toEqual([]);
  });

  describe('list and detail', () => {
    it('lists the enabled DTUs of the module newest first, 10 a page, filtered by model', async () => {
      const moduleId = await createCommunicationModule(db());
      const tag = unique('L').replace(/[^A-Za-z0-9]/g, '');
      const base = Date.now();
      const ids: number[] = [];
      for (let i = 0; i < 11; i++) ids.push(await createModuleDtu(db(), moduleId, { dtuType: `${tag}N${i}`, createTime: base + i }));
      await createModuleDtu(db(), moduleId, { dtuType: `${tag}Gone`, status: -1, createTime: base + 100 });
      await createModuleDtu(db(), await createCommunicationModule(db()), { dtuType: `${tag}Elsewhere` });

      const first = await list(moduleId);
      expect(first).toMatchObject({ total: 11, pageSize: 10, pageNum: 1 });
      expect(first.list.map((dtu) => dtu.id)).toEqual(ids.slice(1).reverse());
      expect((await list(moduleId, { page: 2 })).list.map((dtu) => dtu.id)).toEqual([ids[0]]);
      expect((await list(moduleId, { dtuType: `${tag}n1`.toLowerCase() })).list.map((dtu) => dtu.id)).toEqual([ids[10], ids[1]]);
      expect((await list(moduleId, { pageSize: 0 })).list).toHaveLength(11);
    });

    it('answers 404 for the list of a deleted or unknown module', async () => {
      const gone = await createCommunicationModule(db(), { status: -1 });
      expectRefusal(await get(PATHS.communicationDtuList, t.admin, { communicationPartId: gone }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.communicationDtuList, t.admin, { communicationPartId: 99_999_999 }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.communicationDtuList, t.admin, {}), 400, MSG.idRequired);
    });

    it("answers an archived DTU's detail, and 404 for a DTU of the parts screen", async () => {
      const archived = await createModuleDtu(db(), await createCommunicationModule(db()), { status: -1 });
      expect((await detail(archived)).status).toBe(-1);
      const partDtu = await createPartDtu(db(), await createFitting(db()));
      expectRefusal(await get(PATHS.communicationDtuDetail, t.admin, { id: partDtu }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.communicationDtuDetail, t.admin, { id: 99_999_999 }), 404, MSG.recordNotFound);
    });
  });

  describe('edit', () => {
    async function addedDtu() {
      const communicationPartId = await createCommunicationModule(db());
      const type = dtuType();
      const id = ok<number>(await add({ communicationPartId, dtuType: type }));
      return { id, type, communicationPartId };
    }

    it('changes the model and keeps the files when none are sent', async () => {
      const { id, type } = await addedDtu();
      const before = await detail(id);
      const renamed = dtuType();
      ok(await edit({ id, dtuType: renamed }));
      const after = await detail(id);
      expect(after).toMatchObject({
        dtuType: renamed,
        bomListFileUrl: before.bomListFileUrl,
        productFileUrl: before.productFileUrl,
        otherRequestFileUrl: before.otherRequestFileUrl,
      });
      await expect.poll(() => lastLog(PATHS.communicationDtuEdit)).toBe(`编辑DTU ${type} → ${renamed} #${id}`);
    });

    it('replaces a file sent, letting the old one go from the store and the disk', async () => {
      const { id, type } = await addedDtu();
      const before = await detail(id);
      const old = (await storedFileOf(before.productFileUrl!))!;
      const content = tinyPdf(unique('new production'));
      ok(await edit({ id, dtuType: type }, [production(content, '新生产文件.pdf')]));
      const after = await detail(id);
      expect(after).toMatchObject({
        productFileOriginName: '新生产文件.pdf',
        bomListFileUrl: before.bomListFileUrl,
        otherRequestFileUrl: before.otherRequestFileUrl,
      });
      expect((await t.app.inject({ method: 'GET', url: after.productFileUrl! })).rawPayload).toEqual(content);
      expect(await storedFileOf(before.productFileUrl!)).toBeUndefined();
      expect(fs.existsSync(blobPath(t.config.filesDir, old.sha256))).toBe(false);
      await expect.poll(() => lastLog(PATHS.communicationDtuEdit)).toBe(`编辑DTU ${type} #${id} (新文件 1 个)`);
    });

    it('answers 400 for a bad field or a second file, leaving nothing behind', async () => {
      const { id, type } = await addedDtu();
      await leavesNothing(async () => {
        expectRefusal(await edit({ dtuType: type }, [bom()]), 400, MSG.idRequired);
        expectRefusal(await edit({ id }, [bom()]), 400, ACCESSORY_MSG.dtuTypeRequired);
        expectRefusal(await edit({ id, dtuType: 'DTU_1' }, [bom()]), 400, ACCESSORY_MSG.moduleDtuTypeRule);
        expectRefusal(await edit({ id, dtuType: type }, [other(), other()]), 400, ACCESSORY_MSG.fileOnlyOne);
      });
    });

    it("refuses another enabled DTU's model (409) and an archived DTU (409), storing none of the files", async () => {
      const { id } = await addedDtu();
      const taken = (await addedDtu()).type;
      const archived = await createModuleDtu(db(), await createCommunicationModule(db()), { status: -1 });
      await leavesNothing(async () => {
        expectRefusal(await edit({ id, dtuType: taken }, [bom()]), 409, ACCESSORY_MSG.dtuTypeTaken);
        expectRefusal(await edit({ id: archived, dtuType: dtuType() }, [bom()]), 409, ACCESSORY_MSG.dtuArchivedCannotEdit);
      });
    });

    it('answers 404 for a DTU of the parts screen or an unknown one', async () => {
      const partDtu = await createPartDtu(db(), await createFitting(db()));
      await leavesNothing(async () => {
        expectRefusal(await edit({ id: partDtu, dtuType: dtuType() }, [bom()]), 404, MSG.recordNotFound);
        expectRefusal(await edit({ id: 99_999_999, dtuType: dtuType() }, [bom()]), 404, MSG.recordNotFound);
      });
    });
  });

  describe('archive', () => {
    it('archives the DTU: it leaves the list, frees its model, and is archived only once', async () => {
      const moduleId = await createCommunicationModule(db());
      const type = dtuType();
      const id = await createModuleDtu(db(), moduleId, { dtuType: type });
      ok(await post(PATHS.communicationDtuDelete, t.admin, { id }));
      const row = await statusOf(id);
      expect(row.status).toBe(-1);
      expect(row.archiveTime).not.toBeNull();
      expect((await list(moduleId)).total).toBe(0);
      expect(ok<CommunicationModule>(await get(PATHS.communicationDetail, t.admin, { id: moduleId })).dtuCount).toBe(0);
      await expect.poll(() => lastLog(PATHS.communicationDtuDelete)).toBe(`归档DTU ${type} #${id}`);
      expectRefusal(await post(PATHS.communicationDtuDelete, t.admin, { id }), 409, ACCESSORY_MSG.dtuArchivedAlready);
      ok(await add({ communicationPartId: moduleId, dtuType: type }));
    });

    it('answers 404 for a DTU of the parts screen, and 400 without an id', async () => {
      const partDtu = await createPartDtu(db(), await createFitting(db()));
      expectRefusal(await post(PATHS.communicationDtuDelete, t.admin, { id: partDtu }), 404, MSG.recordNotFound);
      expect((await statusOf(partDtu)).status).toBe(1);
      expectRefusal(await post(PATHS.communicationDtuDelete, t.admin, {}), 400, MSG.idRequired);
    });
  });
});
