import fs from 'node:fs';
import path from 'node:path';
import {
  ACCESSORY_MSG,
  type CommunicationModule,
  type Dtu,
  MODULE_IMAGE_FIELD,
  MODULE_PARAM_FIELD,
  MSG,
  type Page,
  PATHS,
} from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import {
  createCommunicationModule,
  createModuleDtu,
  type FilePart,
  filesUnder,
  pngBytes,
  tinyPdf,
  unique,
} from '../../../test/factories/index.js';
import { IMAGE_JUST_UNDER, IMAGE_LIMIT, jpgBytes, partModuleApi, pngOfSize } from '../../../test/part-module-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';

const image = (content: Buffer = pngBytes(unique('module image')), filename = '模块.png', contentType = 'image/png'): FilePart => ({
  field: MODULE_IMAGE_FIELD,
  filename,
  content,
  contentType,
});

/** A valid module param with a model unique in the run. */
const param = (patch: Record<string, unknown> = {}) => ({
  modelType: unique('EC_').slice(0, 18),
  communicationType: 'THREE_2_ONE',
  standardVoltage: 5.0,
  productCompany: '移远通信技术',
  ...patch,
});

describe.each(testDialects())('communication modules on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, form, moduleForm, leavesNothing, countRows, ok, storedFileOf, lastLog, rowOf } = partModuleApi(t);

  const add = (body: object, files: FilePart[] = [], asBlob = false) => moduleForm(PATHS.communicationAdd, t.admin, body, files, asBlob);
  const edit = (body: object, files: FilePart[] = []) => moduleForm(PATHS.communicationEdit, t.admin, body, files);
  const detail = async (id: number) => ok<CommunicationModule>(await get(PATHS.communicationDetail, t.admin, { id }));
  const list = async (query: Record<string, string | number> = {}) =>
    ok<Page<CommunicationModule>>(await get(PATHS.communicationList, t.admin, query));

  describe('add', () => {
    it('stores a listed module from the JSON part, without an image', async () => {
      const body = param();
      const id = ok<number>(await add(body));
      expect(await detail(id)).toMatchObject({
        id,
        modelType: body.modelType,
        communicationType: 'THREE_2_ONE',
        communicationTypeName: '海容三合一',
        standardVoltage: '5',
        productCompany: '移远通信技术',
        modelImageUrl: null,
        dtuCount: 0,
      });
      await expect.poll(() => lastLog(PATHS.communicationAdd)).toBe(`新增通信模块 ${body.modelType} #${id}`);
    });

    it("takes the JSON part as a browser's Blob, and an image just under 500 KB", async () => {
      const content = pngOfSize(IMAGE_JUST_UNDER);
      const id = ok<number>(await add(param({ standardVoltage: '3.3', communicationType: 'bluetooth' }), [image(content)], true));
      const module = await detail(id);
      expect(module).toMatchObject({ standardVoltage: '3.3', communicationTypeName: '蓝牙' });
      // Buffer.equals: a deep toEqual walks half a million bytes one by one (seconds on a busy machine).
      expect((await t.app.inject({ method: 'GET', url: module.modelImageUrl! })).rawPayload.equals(content)).toBe(true);
      ok(await add(param(), [image(jpgBytes(), 'a.jpg', 'image/jpeg')]));
    });

    const paramCases: [string, Record<string, unknown>, string][] = [
      ['no model', { modelType: undefined }, ACCESSORY_MSG.moduleModelRequired],
      ['a model of 3 characters', { modelType: 'EC2' }, ACCESSORY_MSG.moduleModelRule],
      ['a model of 19 characters', { modelType: 'E'.repeat(19) }, ACCESSORY_MSG.moduleModelRule],
      ['a model with a sign', { modelType: 'EC-200U' }, ACCESSORY_MSG.moduleModelRule],
      ['no type', { communicationType: undefined }, ACCESSORY_MSG.moduleTypeRequired],
      ['an unknown type', { communicationType: 'LORA' }, ACCESSORY_MSG.moduleTypeRequired],
      ['no voltage', { standardVoltage: '' }, ACCESSORY_MSG.voltageRequired],
      ['a voltage with a unit', { standardVoltage: '5V' }, ACCESSORY_MSG.voltageRule],
      ['no company', { productCompany: undefined }, ACCESSORY_MSG.companyRequired],
      ['a company of 3 characters', { productCompany: '移远通' }, ACCESSORY_MSG.companyRule],
      ['a company with a sign', { productCompany: '移远-通信' }, ACCESSORY_MSG.companyRule],
      ['a NUL in the company', { productCompany: '移远\u0000通信' }, MSG.nulCharacter],
    ];
    it.each(paramCases)('answers 400 for %s, leaving nothing behind', async (_label, patch, message) => {
      await leavesNothing(async () => expectRefusal(await add(param(patch), [image()]), 400, message));
    });

    it('needs the JSON part, and JSON in it', async () => {
      await leavesNothing(async () => {
        expectRefusal(await form(PATHS.communicationAdd, t.admin, {}, [image()]), 400, ACCESSORY_MSG.moduleParamRequired);
        expectRefusal(await form(PATHS.communicationAdd, t.admin, { ...param() }, [image()]), 400, ACCESSORY_MSG.moduleParamRequired);
        const broken = await form(PATHS.communicationAdd, t.admin, { [MODULE_PARAM_FIELD]: '{"modelType":' }, [image()]);
        expectRefusal(broken, 400, MSG.invalidInput);
        expectRefusal(await form(PATHS.communicationAdd, t.admin, { [MODULE_PARAM_FIELD]: '[1]' }), 400, MSG.invalidInput);
        expectRefusal(await post(PATHS.communicationAdd, t.admin, param()), 400, MSG.invalidInput);
      });
    });

    /** A body written by hand: a field part typed application/json, which the upload plugin parses itself. */
    function handWritten(json: string, options: { truncated?: boolean } = {}) {
      const boundary = 'handwrittenboundary42';
      const head = (disposition: string, type: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;
      const field = `${head(`name="${MODULE_PARAM_FIELD}"`, 'application/json')}${json}\r\n`;
      const file = head(`name="${MODULE_IMAGE_FIELD}"; filename="a.png"`, 'image/png');
      const payload = Buffer.concat([
        Buffer.from(field + file),
        pngBytes(unique('hand written')),
        Buffer.from(options.truncated ? '' : `\r\n--${boundary}--\r\n`),
      ]);
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${t.admin}` };
      return t.app.inject({ method: 'POST', url: PATHS.communicationAdd, payload, headers });
    }

    it('takes the JSON part as a field typed application/json; refuses broken JSON there and a cut-off body', async () => {
      const body = param();
      const id = ok<number>(await handWritten(JSON.stringify(body)));
      expect((await detail(id)).modelImageUrl).not.toBeNull();
      await leavesNothing(async () => {
        expectRefusal(await handWritten('{"modelType":'), 400, MSG.invalidInput);
        const cut = await handWritten(JSON.stringify(param()), { truncated: true });
        expect(cut.statusCode).toBe(400);
      });
    });

    const imageCases: [string, FilePart[], number, string][] = [
      ['a pdf', [image(tinyPdf('module'), 'a.pdf', 'application/pdf')], 400, ACCESSORY_MSG.imageType],
      ['a pdf named .jpg', [image(tinyPdf('renamed'), 'a.jpg', 'image/jpeg')], 400, ACCESSORY_MSG.imageType],
      ['a png of exactly 500 KB', [image(pngOfSize(IMAGE_LIMIT))], 413, ACCESSORY_MSG.moduleImageTooLarge],
      ['a png of 1 MB', [image(pngOfSize(1024 * 1024))], 413, ACCESSORY_MSG.moduleImageTooLarge],
      ['two images', [image(), image()], 400, ACCESSORY_MSG.imageOnlyOne],
    ];
    it.each(imageCases)('refuses %s, leaving nothing behind', async (_label, files, status, message) => {
      await leavesNothing(async () => expectRefusal(await add(param(), files), status, message));
    });

    it('refuses a model another listed module of the tenant has (409), until that one is deleted', async () => {
      const modelType = unique('DUP_');
      const first = ok<number>(await add(param({ modelType })));
      await leavesNothing(async () => expectRefusal(await add(param({ modelType }), [image()]), 409, ACCESSORY_MSG.moduleModelTaken));
      ok(await post(PATHS.communicationDelete, t.admin, { id: first }));
      ok(await add(param({ modelType })));
    });
  });

  describe('two adds of one model at once', () => {
    it('stores one and refuses the other (409), keeping none of its image', async () => {
      const modelType = unique('RACE_');
      const before = await countRows();
      const answers = await Promise.all([add(param({ modelType }), [image()]), add(param({ modelType }), [image()])]);
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((response) => response.statusCode === 409)?.json().errorMsg).toBe(ACCESSORY_MSG.moduleModelTaken);
      expect(await countRows()).toEqual({ ...before, modules: before.modules + 1, files: before.files + 1 });
      expect(filesUnder(path.join(t.config.filesDir, 'tmp'))).toEqual([]);
    });
  });

  describe('list and detail', () => {
    it('lists listed modules newest first with their enabled DTUs counted, filtered by type and model', async () => {
      const tag = unique('LS');
      const base = Date.now() + 10_000_000;
      const a = await createCommunicationModule(db(), { modelType: `${tag}_a`, communicationType: 'WIFI', createTime: base - 3000 });
      const b = await createCommunicationModule(db(), { modelType: `${tag}_B`, communicationType: 'THREE_2_ONE', createTime: base - 2000 });
      const gone = await createCommunicationModule(db(), { modelType: `${tag}_c`, status: -1, createTime: base - 1000 });
      await createModuleDtu(db(), a);
      await createModuleDtu(db(), a, { status: -1 });

      const page = await list({ modelType: tag.toLowerCase() });
      expect(page).toMatchObject({ total: 2, pageSize: 0, pageNum: 1 });
      expect(page.list.map((module) => module.id)).toEqual([b, a]);
      expect(page.list[1]).toMatchObject({ id: a, dtuCount: 1, communicationTypeName: 'WIFI' });
      expect((await list({ modelType: tag, communicationType: 'WIFI' })).list.map((module) => module.id)).toEqual([a]);
      expect((await list({ modelType: tag, communicationType: '' })).total).toBe(2);
      expect((await list({ modelType: `${tag}_b` })).list.map((module) => module.id)).toEqual([b]);
      expect((await list()).list.map((module) => module.id)).not.toContain(gone);
      const second = await list({ modelType: tag, page: 2, pageSize: 1 });
      expect(second.list.map((module) => module.id)).toEqual([a]);
    });

    it('answers 404 for a deleted or unknown module', async () => {
      const gone = await createCommunicationModule(db(), { status: -1 });
      expectRefusal(await get(PATHS.communicationDetail, t.admin, { id: gone }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.communicationDetail, t.admin, { id: 99_999_999 }), 404, MSG.recordNotFound);
    });
  });

  describe('edit', () => {
    it('changes the module, its enabled DTUs following and archived ones keeping their record', async () => {
      const id = await createCommunicationModule(db(), { communicationType: 'WIFI', standardVoltage: '5.0' });
      const enabled = await createModuleDtu(db(), id);
      const archived = await createModuleDtu(db(), id, { status: -1 });
      const before = await detail(id);
      const changed = param({ id, communicationType: 'other', standardVoltage: '12', productCompany: '新公司名称' });
      ok(await edit(changed));
      expect(await detail(id)).toMatchObject({
        modelType: changed.modelType,
        communicationType: 'other',
        standardVoltage: '12',
        productCompany: '新公司名称',
      });
      const followed = ok<Dtu>(await get(PATHS.communicationDtuDetail, t.admin, { id: enabled }));
      expect(followed).toMatchObject({
        modelType: changed.modelType,
        communicationType: 'other',
        communicationTypeDesc: '其他',
        standardVoltage: '12',
        productCompany: '新公司名称',
        connectInternet: true,
        bandRate: null,
      });
      const kept = ok<Dtu>(await get(PATHS.communicationDtuDetail, t.admin, { id: archived }));
      expect(kept).toMatchObject({ modelType: before.modelType, communicationType: 'WIFI', standardVoltage: '5.0' });
      await expect.poll(() => lastLog(PATHS.communicationEdit)).toBe(`编辑通信模块 ${before.modelType} → ${changed.modelType} #${id}`);
    });

    it('keeps the image without a new one, and replaces it with one, letting the old file go', async () => {
      const id = ok<number>(await add(param(), [image()]));
      const first = await detail(id);
      ok(await edit(param({ id, modelType: first.modelType })));
      expect((await detail(id)).modelImageUrl).toBe(first.modelImageUrl);
      const old = (await storedFileOf(first.modelImageUrl!))!;
      const content = pngBytes(unique('replacement'));
      ok(await edit(param({ id, modelType: first.modelType }), [image(content)]));
      const after = await detail(id);
      expect((await t.app.inject({ method: 'GET', url: after.modelImageUrl! })).rawPayload).toEqual(content);
      expect(await storedFileOf(first.modelImageUrl!)).toBeUndefined();
      expect(fs.existsSync(blobPath(t.config.filesDir, old.sha256))).toBe(false);
    });

    it("refuses another listed module's model (409), its own is fine", async () => {
      const taken = unique('TAKEN_');
      await createCommunicationModule(db(), { modelType: taken });
      const id = await createCommunicationModule(db());
      const own = (await detail(id)).modelType;
      await leavesNothing(async () => {
        expectRefusal(await edit(param({ id, modelType: taken }), [image()]), 409, ACCESSORY_MSG.moduleModelTaken);
      });
      ok(await edit(param({ id, modelType: own })));
    });

    it('answers 400 without an id or with a bad field, and 404 for a deleted module, leaving nothing behind', async () => {
      const id = await createCommunicationModule(db());
      const gone = await createCommunicationModule(db(), { status: -1 });
      await leavesNothing(async () => {
        expectRefusal(await edit(param(), [image()]), 400, MSG.idRequired);
        expectRefusal(await edit(param({ id, productCompany: '' }), [image()]), 400, ACCESSORY_MSG.companyRequired);
        expectRefusal(await edit(param({ id }), [image(pngOfSize(IMAGE_LIMIT))]), 413, ACCESSORY_MSG.moduleImageTooLarge);
        expectRefusal(await edit(param({ id: gone }), [image()]), 404, MSG.recordNotFound);
      });
    });

    it('takes the id as a text field beside the JSON part', async () => {
      const id = await createCommunicationModule(db());
      const body = param();
      ok(await form(PATHS.communicationEdit, t.admin, { id, [MODULE_PARAM_FIELD]: JSON.stringify(body) }));
      expect((await detail(id)).modelType).toBe(body.modelType);
    });
  });

  describe('delete', () => {
    it('takes the module out of the lists; refused (409) while it has enabled DTUs', async () => {
      const id = await createCommunicationModule(db());
      const dtu = await createModuleDtu(db(), id);
      expectRefusal(await post(PATHS.communicationDelete, t.admin, { id }), 409, ACCESSORY_MSG.moduleHasDtus);
      await db().updateTable('dtu').set({ status: -1 }).where('id', '=', dtu).execute();
      const { modelType } = await detail(id);
      ok(await post(PATHS.communicationDelete, t.admin, { id }));
      expect((await rowOf('communication_module', id)).status).toBe(-1);
      await expect.poll(() => lastLog(PATHS.communicationDelete)).toBe(`删除通信模块 ${modelType} #${id}`);
      expectRefusal(await get(PATHS.communicationDetail, t.admin, { id }), 404, MSG.recordNotFound);
      expectRefusal(await edit(param({ id })), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.communicationDelete, t.admin, { id }), 404, MSG.recordNotFound);
    });
  });
});
