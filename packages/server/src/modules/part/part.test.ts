import fs from 'node:fs';
import { ACCESSORY_MSG, type Fitting, MSG, type Page, PART_IMAGE_FIELD, PATHS, UPLOAD_QUOTA_BYTES_PER_HOUR } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import {
  adminIdOf,
  createCommunicationModule,
  createFitting,
  createModuleDtu,
  createPartDtu,
  type FilePart,
  pngBytes,
  tinyPdf,
  unique,
} from '../../../test/factories/index.js';
import { IMAGE_JUST_UNDER, IMAGE_LIMIT, jpgBytes, partModuleApi, pngOfSize } from '../../../test/part-module-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';

const image = (content: Buffer = pngBytes(unique('part image')), filename = '配件.png', contentType = 'image/png'): FilePart => ({
  field: PART_IMAGE_FIELD,
  filename,
  content,
  contentType,
});

describe.each(testDialects())('parts on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, postForm, form, leavesNothing, ok, storedFileOf, lastLog } = partModuleApi(t);

  const add = (fields: Record<string, string | number>, files: FilePart[] = [image()], token = t.admin) =>
    form(PATHS.fittingAdd, token, fields, files);
  const addOk = async (partDesc = unique('网关配件'), content = pngBytes(unique('added'))) =>
    ok<number>(await add({ fittingType: 1, partDesc }, [image(content)]));
  const detail = async (id: number) => ok<Fitting>(await get(PATHS.fittingDetail, t.admin, { id }));
  const list = async (query: Record<string, string | number> = {}, token = t.admin) =>
    ok<Page<Fitting>>(await get(PATHS.fittingList, token, query));

  describe('add', () => {
    it('stores a listed part with its image, served at partImageUrl', async () => {
      const content = pngBytes(unique('served'));
      const partDesc = unique('网关配件');
      const id = await addOk(partDesc, content);
      const part = await detail(id);
      expect(part).toMatchObject({ id, fittingType: 1, fittingTypeName: 'DTU', partDesc, status: 1, dtuCount: 0 });
      expect(part.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const served = await t.app.inject({ method: 'GET', url: part.partImageUrl });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(content);
      expect((await storedFileOf(part.partImageUrl))?.originName).toBe('配件.png');
      await expect.poll(() => lastLog(PATHS.fittingAdd)).toBe(`新增配件 DTU ${partDesc} #${id}`);
    });

    it('takes a jpg, and an image just under 500 KB', async () => {
      ok(await add({ fittingType: '1', partDesc: unique('照片') }, [image(jpgBytes(), 'photo.jpg', 'image/jpeg')]));
      const id = ok<number>(await add({ fittingType: 1, partDesc: unique('大图') }, [image(pngOfSize(IMAGE_JUST_UNDER))]));
      expect((await storedFileOf((await detail(id)).partImageUrl))?.size).toBe(IMAGE_JUST_UNDER);
    });

    const fieldCases: [string, Record<string, string | number>, string][] = [
      ['no type', { partDesc: '网关配件' }, ACCESSORY_MSG.fittingTypeRequired],
      ['an unknown type', { fittingType: 2, partDesc: '网关配件' }, ACCESSORY_MSG.fittingTypeRequired],
      ['a type not a number', { fittingType: 'DTU', partDesc: '网关配件' }, ACCESSORY_MSG.fittingTypeRequired],
      ['no description', { fittingType: 1 }, ACCESSORY_MSG.partDescRequired],
      ['a blank description', { fittingType: 1, partDesc: '   ' }, ACCESSORY_MSG.partDescRequired],
      ['a description with a sign', { fittingType: 1, partDesc: '网关-配件' }, ACCESSORY_MSG.partDescRule],
      ['a description of 101 characters', { fittingType: 1, partDesc: 'a'.repeat(101) }, ACCESSORY_MSG.partDescTooLong],
      ['a NUL in the description', { fittingType: 1, partDesc: 'a\u0000b' }, MSG.nulCharacter],
    ];
    it.each(fieldCases)('answers 400 for %s, leaving nothing behind', async (_label, fields, message) => {
      await leavesNothing(async () => expectRefusal(await add(fields), 400, message));
    });

    it('takes a description of 100 characters', async () => {
      ok(await add({ fittingType: 1, partDesc: `${unique('a')}${'b'.repeat(100)}`.slice(0, 100) }));
    });

    it('needs the image: no file, or an empty file input', async () => {
      await leavesNothing(async () => {
        expectRefusal(await add({ fittingType: 1, partDesc: '无图配件' }, []), 400, ACCESSORY_MSG.partImageRequired);
        const emptyInput = { field: PART_IMAGE_FIELD, filename: '', content: Buffer.alloc(0) };
        expectRefusal(await add({ fittingType: 1, partDesc: '无图配件' }, [emptyInput]), 400, ACCESSORY_MSG.partImageRequired);
        const elsewhere = { ...image(), field: 'file' };
        expectRefusal(await add({ fittingType: 1, partDesc: '无图配件' }, [elsewhere]), 400, ACCESSORY_MSG.partImageRequired);
      });
    });

    const imageCases: [string, FilePart[], number, string][] = [
      ['a pdf', [image(tinyPdf('not an image'), 'a.pdf', 'application/pdf')], 400, ACCESSORY_MSG.imageType],
      ['a pdf named .png', [image(tinyPdf('renamed'), 'a.png')], 400, ACCESSORY_MSG.imageType],
      ['a gif', [image(Buffer.from('GIF89a-fake-gif'), 'a.gif', 'image/gif')], 400, ACCESSORY_MSG.imageType],
      ['an empty png', [image(Buffer.alloc(0), 'a.png')], 400, ACCESSORY_MSG.imageType],
      ['a png of exactly 500 KB', [image(pngOfSize(IMAGE_LIMIT))], 413, ACCESSORY_MSG.partImageTooLarge],
      ['a png of 2 MB', [image(pngOfSize(2 * 1024 * 1024))], 413, ACCESSORY_MSG.partImageTooLarge],
      ['two images', [image(), image()], 400, ACCESSORY_MSG.imageOnlyOne],
    ];
    it.each(imageCases)('refuses %s, leaving nothing behind', async (_label, files, status, message) => {
      await leavesNothing(async () => expectRefusal(await add({ fittingType: 1, partDesc: '配件' }, files), status, message));
    });

    it('refuses a body that is not multipart', async () => {
      await leavesNothing(async () => {
        expectRefusal(await post(PATHS.fittingAdd, t.admin, { fittingType: 1, partDesc: '配件' }), 400, MSG.invalidInput);
        expectRefusal(await postForm(PATHS.fittingAdd, t.admin, { fittingType: 1, partDesc: '配件' }), 400, MSG.invalidInput);
      });
    });

    it('holds the plugin limits: eleven files answer 413', async () => {
      const files = Array.from({ length: 11 }, () => ({ ...image(), field: 'other' }));
      await leavesNothing(async () => expectRefusal(await add({ fittingType: 1, partDesc: '配件' }, files), 413, MSG.payloadTooLarge));
    });

    it('refuses an account past its upload quota (429), leaving nothing behind', async () => {
      const adminId = await adminIdOf(db());
      const hour = Date.now() - (Date.now() % 3_600_000);
      const bytes = UPLOAD_QUOTA_BYTES_PER_HOUR;
      const windows = [hour, hour + 3_600_000].map((windowStart) => ({ accountId: adminId, windowStart, bytes }));
      await db().deleteFrom('upload_usage').where('accountId', '=', adminId).execute();
      await db().insertInto('upload_usage').values(windows).execute();
      try {
        await leavesNothing(async () => expectRefusal(await add({ fittingType: 1, partDesc: '配件' }), 429, MSG.uploadQuotaExceeded));
      } finally {
        await db().deleteFrom('upload_usage').where('accountId', '=', adminId).execute();
      }
    });
  });

  describe('list and detail', () => {
    it('lists listed parts newest first, with the count of their enabled DTUs', async () => {
      const base = Date.now() + 10_000_000;
      const older = await createFitting(db(), { createTime: base - 2000 });
      const newer = await createFitting(db(), { createTime: base - 1000 });
      const gone = await createFitting(db(), { createTime: base, status: -1 });
      await createPartDtu(db(), older);
      await createPartDtu(db(), older);
      await createPartDtu(db(), older, { status: -1 });
      // a module's DTU belongs to no part
      await createModuleDtu(db(), await createCommunicationModule(db()));

      const page = await list({ fittingType: 1 });
      expect(page).toMatchObject({ pageSize: 0, pageNum: 1 });
      expect(page.total).toBe(page.list.length);
      const ids = page.list.map((part) => part.id);
      expect(ids.slice(0, 2)).toEqual([newer, older]);
      expect(ids).not.toContain(gone);
      expect(page.list[1]).toMatchObject({ id: older, dtuCount: 2, status: 1 });
      expect(page.list[0]!.dtuCount).toBe(0);
      expect(page.list[0]!.partImageUrl).toMatch(/^\/api\/file\/[\w-]+$/);
    });

    it('filters by type and description, and pages', async () => {
      const partDesc = unique('过滤配件');
      const a = await createFitting(db(), { partDesc: `${partDesc}A`, createTime: Date.now() - 5000 });
      const b = await createFitting(db(), { partDesc: `${partDesc}B`, createTime: Date.now() - 4000 });
      expect((await list({ partDesc })).list.map((part) => part.id)).toEqual([b, a]);
      expect((await list({ partDesc, fittingType: 7 })).total).toBe(0);
      expect((await list({ partDesc, fittingType: '' })).total).toBe(2);
      const second = await list({ partDesc, page: 2, pageSize: 1 });
      expect(second).toMatchObject({ total: 2, pageSize: 1, pageNum: 2 });
      expect(second.list.map((part) => part.id)).toEqual([a]);
    });

    it('answers 404 for a deleted or unknown part', async () => {
      const gone = await createFitting(db(), { status: -1 });
      expectRefusal(await get(PATHS.fittingDetail, t.admin, { id: gone }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.fittingDetail, t.admin, { id: 99_999_999 }), 404, MSG.recordNotFound);
    });
  });

  describe('edit', () => {
    it('changes type and description, keeping the image when none is sent', async () => {
      const id = await addOk();
      const before = await detail(id);
      const partDesc = unique('新描述');
      ok(await form(PATHS.fittingEdit, t.admin, { id, fittingType: 1, partDesc }));
      const after = await detail(id);
      expect(after).toMatchObject({ id, partDesc, partImageUrl: before.partImageUrl });
      await expect.poll(() => lastLog(PATHS.fittingEdit)).toBe(`编辑配件 DTU ${before.partDesc} → DTU ${partDesc} #${id}`);
    });

    it('replaces the image, letting the old file go from the store and the disk', async () => {
      const oldContent = pngBytes(unique('old image'));
      const id = await addOk(unique('换图'), oldContent);
      const old = (await storedFileOf((await detail(id)).partImageUrl))!;
      expect(fs.existsSync(blobPath(t.config.filesDir, old.sha256))).toBe(true);
      const newContent = pngBytes(unique('new image'));
      ok(await form(PATHS.fittingEdit, t.admin, { id, fittingType: 1, partDesc: '换图配件' }, [image(newContent)]));
      const after = await detail(id);
      expect((await t.app.inject({ method: 'GET', url: after.partImageUrl })).rawPayload).toEqual(newContent);
      expect(await storedFileOf(`/api/file/${old.fileKey}`)).toBeUndefined();
      expect(fs.existsSync(blobPath(t.config.filesDir, old.sha256))).toBe(false);
    });

    it('keeps bytes another part still shows', async () => {
      const shared = pngBytes(unique('shared'));
      const first = await addOk(unique('共享'), shared);
      const second = await addOk(unique('共享'), shared);
      ok(await form(PATHS.fittingEdit, t.admin, { id: first, fittingType: 1, partDesc: '共享图' }, [image()]));
      const served = await t.app.inject({ method: 'GET', url: (await detail(second)).partImageUrl });
      expect(served.rawPayload).toEqual(shared);
    });

    const edit = (fields: Record<string, string | number>, files: FilePart[] = [image()]) =>
      form(PATHS.fittingEdit, t.admin, fields, files);

    it('answers 400 without an id, and every add message too, leaving nothing behind', async () => {
      const id = await addOk();
      await leavesNothing(async () => {
        expectRefusal(await edit({ fittingType: 1, partDesc: '配件' }), 400, MSG.idRequired);
        expectRefusal(await edit({ id, fittingType: 1, partDesc: '配-件' }), 400, ACCESSORY_MSG.partDescRule);
        const tooLarge = [image(pngOfSize(IMAGE_LIMIT))];
        expectRefusal(await edit({ id, fittingType: 1, partDesc: '配件' }, tooLarge), 413, ACCESSORY_MSG.partImageTooLarge);
      });
    });

    it('answers 404 for a deleted or unknown part, storing none of the new image', async () => {
      const gone = await createFitting(db(), { status: -1 });
      await leavesNothing(async () => {
        expectRefusal(await edit({ id: gone, fittingType: 1, partDesc: '配件' }), 404, MSG.recordNotFound);
        expectRefusal(await edit({ id: 99_999_999, fittingType: 1, partDesc: '配件' }), 404, MSG.recordNotFound);
      });
    });
  });

  describe('delete', () => {
    it('takes the part out of the lists, keeping its row and image', async () => {
      const id = await addOk();
      const { partImageUrl, partDesc } = await detail(id);
      ok(await postForm(PATHS.fittingDelete, t.admin, { id }));
      const row = await db().selectFrom('fitting').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe(-1);
      expect(await storedFileOf(partImageUrl)).toBeDefined();
      expect((await list()).list.map((part) => part.id)).not.toContain(id);
      await expect.poll(() => lastLog(PATHS.fittingDelete)).toBe(`删除配件 DTU ${partDesc} #${id}`);
      // gone for every call
      expectRefusal(await get(PATHS.fittingDetail, t.admin, { id }), 404, MSG.recordNotFound);
      expectRefusal(await form(PATHS.fittingEdit, t.admin, { id, fittingType: 1, partDesc: '配件' }), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.fittingDelete, t.admin, { id }), 404, MSG.recordNotFound);
    });

    it('refuses (409) while the part has enabled DTUs, and goes once they are archived', async () => {
      const id = await createFitting(db());
      const dtu = await createPartDtu(db(), id);
      await createPartDtu(db(), id, { status: -1 });
      expectRefusal(await post(PATHS.fittingDelete, t.admin, { id }), 409, ACCESSORY_MSG.partHasDtus);
      expect((await detail(id)).status).toBe(1);
      await db().updateTable('dtu').set({ status: -1 }).where('id', '=', dtu).execute();
      ok(await post(PATHS.fittingDelete, t.admin, { id }));
    });

    it('answers 400 without an id', async () => {
      expectRefusal(await post(PATHS.fittingDelete, t.admin, {}), 400, MSG.idRequired);
    });
  });
});
