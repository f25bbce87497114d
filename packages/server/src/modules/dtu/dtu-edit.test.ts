import fs from 'node:fs';
import { ACCESSORY_MSG, type Dtu, type DtuAddBody, MSG, type Page, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuApi, urlOf } from '../../../test/dtu-api.js';
import { createCommunicationModule, createFitting, createModuleDtu, createStoredFile } from '../../../test/factories/accessory.js';
import { createAutoProperty, createDtu, createSerialProperty } from '../../../test/factories/dtus.js';
import { unique } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';

describe.each(testDialects())('editing and archiving DTU models on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, tenant, fileUrl, dtuBody, dtuRow, count } = dtuApi(t);

  let fittingId: number;
  beforeAll(async () => {
    fittingId = await createFitting(db());
  });

  /** A DTU added through the API (so its files are uploads named by URL), and the body that added it. */
  async function added(overrides: Partial<DtuAddBody> = {}): Promise<{ id: number; body: DtuAddBody }> {
    const body = await dtuBody(fittingId, overrides);
    return { id: dataOf<number>(await post(PATHS.dtuAdd, t.admin, body)), body };
  }
  const edit = async (id: number, body: DtuAddBody, token = t.admin) => post(PATHS.dtuEdit, token, { id, ...body });
  const storedFileExists = async (url: string | null | undefined) =>
    (await db().selectFrom('stored_file').select('id').where('fileKey', '=', url!.split('/').pop()!).executeTakeFirst()) !== undefined;

  describe('edit', () => {
    it('stores the new fields and puts the change on record', async () => {
      const { id, body } = await added();
      const dtuType = unique('NEW');
      dataOf(await edit(id, { ...body, dtuType, modelType: 'BC26_NB', standardVoltage: '3.3', bandRate: '115200', communicationType: 'WIFI' }));
      expect(await dtuRow(id)).toMatchObject({ dtuType, modelType: 'BC26_NB', standardVoltage: '3.3', bandRate: 115200, communicationType: 'WIFI', status: 1 });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.dtuEdit))?.summary).toBe(`编辑DTU ${body.dtuType} → ${dtuType}`);
      dataOf(await edit(id, { ...body, dtuType, productCompany: '移远' }));
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.dtuEdit))?.summary).toBe(`编辑DTU ${dtuType}`);
    });

    it('keeps its own model, and takes one no other enabled DTU holds', async () => {
      const { id, body } = await added();
      dataOf(await edit(id, body));
      const taken = unique('TAKEN');
      await createDtu(db(), { dtuType: taken });
      expectRefusal(await edit(id, { ...body, dtuType: taken }), 409, ACCESSORY_MSG.dtuTypeTaken);
      expect((await dtuRow(id)).dtuType).toBe(body.dtuType);
    });

    it('releases the files it replaces or clears once committed, and keeps those it keeps', async () => {
      const firmware = await fileUrl({ content: Buffer.from(unique('firmware ')), originName: 'fw.bin', contentType: 'application/octet-stream' });
      const bom = await fileUrl({ content: Buffer.from(unique('bom ')), originName: 'bom.pdf', contentType: 'application/pdf' });
      const { id, body } = await added({ testFirmwareUrl: firmware, testFirmwareVersion: '1.0.0', bomListFileUrl: bom });
      const oldFront = await db().selectFrom('stored_file').select('sha256').where('fileKey', '=', body.frontImageUrl!.split('/').pop()!).executeTakeFirstOrThrow();
      const newFront = await fileUrl();
      dataOf(await edit(id, { ...body, frontImageUrl: newFront, testFirmwareUrl: null, testFirmwareVersion: '' }));
      expect(await storedFileExists(body.frontImageUrl)).toBe(false);
      expect(await storedFileExists(firmware)).toBe(false);
      expect(fs.existsSync(blobPath(t.config.filesDir, oldFront.sha256))).toBe(false);
      expect(await storedFileExists(bom)).toBe(true);
      expect(await storedFileExists(body.backImageUrl)).toBe(true);
      const detail = dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id }));
      expect(detail).toMatchObject({ frontImageUrl: newFront, testFirmwareUrl: null, testFirmwareVersion: '', bomListFileUrl: bom });
    });

    it('keeps a replaced file another DTU still names', async () => {
      const shared = await fileUrl();
      const first = await added({ frontImageUrl: shared });
      await added({ frontImageUrl: shared });
      dataOf(await edit(first.id, { ...first.body, frontImageUrl: await fileUrl() }));
      expect(await storedFileExists(shared)).toBe(true);
    });

    it('refuses an unknown file or a wrong image, changing nothing', async () => {
      const { id, body } = await added();
      const before = await dtuRow(id);
      const gif = await fileUrl({ content: Buffer.from('GIF89a'), contentType: 'image/gif' });
      expectRefusal(await edit(id, { ...body, dtuType: unique('X'), backImageUrl: gif }), 400, ACCESSORY_MSG.imageType);
      expectRefusal(await edit(id, { ...body, dtuType: unique('X'), productFileUrl: '/api/file/gone' }), 400, ACCESSORY_MSG.fileUnknown);
      expect(await dtuRow(id)).toEqual(before);
      expect(await storedFileExists(body.frontImageUrl)).toBe(true);
    });

    it('refuses the form\'s invalid fields as add does', async () => {
      const { id, body } = await added();
      expectRefusal(await edit(id, { ...body, bandRate: -1 }), 400, ACCESSORY_MSG.bandRatePositive);
      expectRefusal(await edit(id, { ...body, frontImageUrl: null }), 400, ACCESSORY_MSG.frontImageRequired);
      expectRefusal(await post(PATHS.dtuEdit, t.admin, body), 400, MSG.idRequired);
    });

    it('refuses to move a DTU to another part (400), and edits no archived DTU (409)', async () => {
      const { id, body } = await added();
      expectRefusal(await edit(id, { ...body, fittingId: await createFitting(db()) }), 400, MSG.invalidInput);
      expect((await dtuRow(id)).fittingId).toBe(fittingId);
      const archived = await createDtu(db(), { fittingId, status: -1 });
      expectRefusal(await edit(archived, await dtuBody(fittingId)), 409, ACCESSORY_MSG.dtuArchivedCannotEdit);
    });

    it('answers 404 for an unknown DTU, another tenant\'s, or a module\'s (edited on its own screen)', async () => {
      const { id, body } = await added();
      expectRefusal(await edit(9_999_999, body), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await edit(id, { ...body, dtuType: unique('X') }, other.token), 404, MSG.recordNotFound);
      expect((await dtuRow(id)).dtuType).toBe(body.dtuType);
      const moduleDtu = await createModuleDtu(db(), await createCommunicationModule(db()));
      expectRefusal(await edit(moduleDtu, body), 404, MSG.recordNotFound);
    });

    it('keeps a DTU with serial properties on bluetooth: they are read over its serial link', async () => {
      const { id, body } = await added({ communicationType: 'bluetooth' });
      await createSerialProperty(db(), id);
      expectRefusal(await edit(id, { ...body, communicationType: 'WIFI' }), 409, ACCESSORY_MSG.dtuSerialPropertiesNeedBluetooth);
      expectRefusal(await edit(id, { ...body, connectInternet: false }), 409, ACCESSORY_MSG.dtuSerialPropertiesNeedBluetooth);
      expect((await dtuRow(id)).communicationType).toBe('bluetooth');
      dataOf(await edit(id, { ...body, standardVoltage: '5' }));
    });

    it('changes the method of a DTU without serial properties, keeping its automatic ones', async () => {
      const { id, body } = await added({ communicationType: 'bluetooth' });
      const auto = await createAutoProperty(db(), id, { code: 'RSSI' });
      dataOf(await edit(id, { ...body, communicationType: 'THREE_2_ONE' }));
      expect((await dtuRow(id)).communicationType).toBe('THREE_2_ONE');
      expect(await db().selectFrom('dtu_auto_property').select('id').where('id', '=', auto).executeTakeFirst()).toBeDefined();
    });
  });

  describe('archive (delete)', () => {
    it('archives: the DTU leaves the list, keeps its detail, properties and files, and frees its model', async () => {
      const { id, body } = await added();
      const property = await createAutoProperty(db(), id);
      const files = await count('stored_file');
      dataOf(await post(PATHS.dtuDelete, t.admin, { id }));
      const row = await dtuRow(id);
      expect(row.status).toBe(-1);
      expect(Number(row.archiveTime)).toBeGreaterThan(Date.now() - 60_000);
      expect(dataOf<Page<Dtu>>(await get(PATHS.dtuList, t.admin, { fittingId })).list.map((dtu) => dtu.id)).not.toContain(id);
      expect(dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id })).status).toBe(-1);
      expect(await db().selectFrom('dtu_auto_property').select('id').where('id', '=', property).executeTakeFirst()).toBeDefined();
      expect(await count('stored_file')).toBe(files);
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.dtuDelete))?.summary).toBe(`归档DTU ${body.dtuType}`);
      // the model is free again for a new DTU
      dataOf(await post(PATHS.dtuAdd, t.admin, await dtuBody(fittingId, { dtuType: body.dtuType })));
    });

    it('refuses to archive twice (409), and answers 404 for unknown, another tenant\'s or a module\'s DTU', async () => {
      const { id } = await added();
      dataOf(await post(PATHS.dtuDelete, t.admin, { id }));
      const archivedAt = (await dtuRow(id)).archiveTime;
      expectRefusal(await post(PATHS.dtuDelete, t.admin, { id }), 409, ACCESSORY_MSG.dtuArchivedAlready);
      expect((await dtuRow(id)).archiveTime).toBe(archivedAt);
      expectRefusal(await post(PATHS.dtuDelete, t.admin, { id: 9_999_999 }), 404, MSG.recordNotFound);
      const other = await tenant();
      const mine = await createDtu(db());
      expectRefusal(await post(PATHS.dtuDelete, other.token, { id: mine }), 404, MSG.recordNotFound);
      expect((await dtuRow(mine)).status).toBe(1);
      const moduleDtu = await createModuleDtu(db(), await createCommunicationModule(db()));
      expectRefusal(await post(PATHS.dtuDelete, t.admin, { id: moduleDtu }), 404, MSG.recordNotFound);
    });

    it('takes the id as a form field', async () => {
      const { id } = await added();
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.dtuDelete,
        headers: { authorization: `Bearer ${t.admin}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${id}`,
      });
      dataOf(response);
      expect((await dtuRow(id)).status).toBe(-1);
    });
  });

  it('answers files by the URLs the form sent', async () => {
    const stored = await createStoredFile(db(), { filesDir: t.config.filesDir });
    const { id } = await added({ productFileUrl: urlOf(stored) });
    expect(dataOf<Dtu>(await get(PATHS.dtuDetail, t.admin, { id })).productFileUrl).toBe(urlOf(stored));
  });
});
