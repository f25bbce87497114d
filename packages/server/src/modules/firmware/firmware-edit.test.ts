import fs from 'node:fs';
import { type Envelope, FIRMWARE_MAX_BYTES, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct, createRole, createTenant, createUser, type FilePart, unique, uniqueBytes } from '../../../test/factories/index.js';
import { loginAs } from '../../../test/session-helpers.js';
import { expectRefusal } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';
import { hashPassword } from '../../platform/password.js';
import { firmwareApi, PASSWORD, MENU, BUTTONS } from '../../../test/firmware-api.js';

describe.each(testDialects())('firmware on %s', (dialect) => { const t = withTestApp(dialect);
  const { db, get, post, upload, file, addQuery, addOk, detail, leavesNothing, lastLog } = firmwareApi(t);

  describe('edit', () => {
    it('changes the version and description of a stopped firmware, keeping its file', async () => {
      const productId = await createProduct(db());
      const content = uniqueBytes(300, 'kept file');
      const { id } = await addOk(productId, 'TEST', content, 'keep.bin');
      const before = await detail(id);

      const search = new URLSearchParams({ id: String(id), version: ' v2.0 ', description: '新说明' });
      const plain = await post(`${PATHS.firmwareEdit}?${search}`, t.admin);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(await detail(id)).toMatchObject({
        versionNumber: 'v2.0',
        description: '新说明',
        downloadUrl: before.downloadUrl,
        originName: 'keep.bin',
      });

      const multipartWithoutFile = await upload(PATHS.firmwareEdit, t.admin, { id, version: 'v2.1', description: '再改' }, [], { other: 'x' });
      expect(multipartWithoutFile.statusCode, multipartWithoutFile.body).toBe(200);
      expect(await detail(id)).toMatchObject({ versionNumber: 'v2.1', downloadUrl: before.downloadUrl });
      expect((await t.app.inject({ method: 'GET', url: before.downloadUrl })).rawPayload).toEqual(content);
    });

    it('replaces the file with a new one, releasing the old', async () => {
      const productId = await createProduct(db());
      const oldContent = uniqueBytes(200, 'old firmware file');
      const { id } = await addOk(productId, 'TEST', oldContent, 'old.bin');
      const before = await detail(id);
      const oldRow = await db().selectFrom('firmware').select('fileId').where('id', '=', id).executeTakeFirstOrThrow();
      const oldFile = await db().selectFrom('stored_file').select('sha256').where('id', '=', oldRow.fileId).executeTakeFirstOrThrow();

      const newContent = uniqueBytes(400, 'new firmware file');
      const response = await upload(PATHS.firmwareEdit, t.admin, { id, version: 'v3', description: '换文件' }, [file(newContent, '新固件.bin')]);
      expect(response.statusCode, response.body).toBe(200);
      const after = await detail(id);
      expect(after).toMatchObject({ versionNumber: 'v3', originName: '新固件.bin', size: 400 });
      expect(after.downloadUrl).not.toBe(before.downloadUrl);
      expect((await t.app.inject({ method: 'GET', url: after.downloadUrl })).rawPayload).toEqual(newContent);
      expect((await t.app.inject({ method: 'GET', url: before.downloadUrl })).statusCode).toBe(404);
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', oldRow.fileId).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, oldFile.sha256))).toBe(false);
      await expect.poll(() => lastLog(PATHS.firmwareEdit)).toMatch(/^编辑固件 .+ 产测固件 v\w+ → v3 \(新文件 新固件\.bin\)$/);
    });

    it('refuses a firmware in use (409), storing nothing', async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId);
      expect((await post(PATHS.firmwareUse, t.admin, { id })).statusCode).toBe(200);
      await leavesNothing(async () => {
        const response = await upload(PATHS.firmwareEdit, t.admin, { id, version: 'v9', description: '不行' }, [file(uniqueBytes(64))]);
        expectRefusal(response, 409, MSG.firmwareInUse);
      });
      expect((await detail(id)).versionNumber).not.toBe('v9');
    });

    it('answers the form messages, one file only, 413 past the limit, and 404 for an unknown id', async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId);
      const before = await detail(id);
      const edit = (query: Record<string, unknown>, files: FilePart[] = []) => upload(PATHS.firmwareEdit, t.admin, query, files);
      const valid = { id, version: 'v', description: 'd' };
      await leavesNothing(async () => {
        expectRefusal(await edit({ ...valid, version: '' }, [file(uniqueBytes(8))]), 400, MSG.firmwareVersionRequired);
        expectRefusal(await edit({ ...valid, description: '  ' }), 400, MSG.firmwareDescriptionRequired);
        expectRefusal(await edit({ ...valid, id: undefined }), 400, MSG.idRequired);
        expectRefusal(await edit({ ...valid, id: 999999 }, [file(uniqueBytes(8))]), 404, MSG.recordNotFound);
        expectRefusal(await edit(valid, [file(uniqueBytes(8, 'one')), file(uniqueBytes(8, 'two'))]), 400, MSG.firmwareFileOnlyOne);
        expectRefusal(await edit(valid, [file(uniqueBytes(FIRMWARE_MAX_BYTES + 1, 'edit too big'))]), 413, MSG.firmwareFileTooLarge);
      });
      expect(await detail(id)).toEqual(before);
    });
  });

  describe('permissions and tenancy', () => {
    async function userWith(grants: string[]): Promise<string> {
      const roleId = await createRole(db(), grants);
      const userName = unique('fw_');
      await createUser(db(), userName, PASSWORD, { roleId });
      return (await loginAs(t.app, userName, PASSWORD)).token;
    }

    it('refuses every write without the set button, before validation and before the body (403)', async () => {
      const token = await userWith([MENU, ...BUTTONS.filter((fun) => fun !== 'set').map((fun) => `${MENU}:${fun}`)]);
      const productId = await createProduct(db());
      const { id } = await addOk(productId);
      await leavesNothing(async () => {
        expectRefusal(await upload(PATHS.firmwareAdd, token, {}, []), 403, MSG.noPermission);
        expectRefusal(
          await upload(PATHS.firmwareAdd, token, addQuery(productId), [file(uniqueBytes(FIRMWARE_MAX_BYTES + 1, 'never read'))]),
          403,
          MSG.noPermission,
        );
        expectRefusal(await upload(PATHS.firmwareEdit, token, {}, []), 403, MSG.noPermission);
        const edit = await upload(PATHS.firmwareEdit, token, { id, version: 'v', description: 'd' }, [file(uniqueBytes(8))]);
        expectRefusal(edit, 403, MSG.noPermission);
        for (const url of [PATHS.firmwareUse, PATHS.firmwareStop, PATHS.firmwareDelete]) {
          expectRefusal(await post(url, token, {}), 403, MSG.noPermission);
          expectRefusal(await post(url, token, { id }), 403, MSG.noPermission);
        }
      });
      // Reading needs the menu only.
      expect((await get(PATHS.firmwareList, token, { productId: String(productId), type: 'TEST' })).statusCode).toBe(200);
      expect((await get(PATHS.firmwareDetail, token, { id: String(id) })).statusCode).toBe(200);
    });

    it('lets a user with the set button write, and needs the menu to read', async () => {
      const token = await userWith([MENU, `${MENU}:set`]);
      const productId = await createProduct(db());
      const added = await upload(PATHS.firmwareAdd, token, addQuery(productId), [file(uniqueBytes(32))]);
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json<Envelope<number>>().data;
      expect((await post(PATHS.firmwareUse, token, { id })).statusCode).toBe(200);
      expect((await post(PATHS.firmwareStop, token, { id })).statusCode).toBe(200);
      expect((await upload(PATHS.firmwareEdit, token, { id, version: 'v5', description: 'd' }, [])).statusCode).toBe(200);
      expect((await post(PATHS.firmwareDelete, token, { id })).statusCode).toBe(200);

      const outsider = await userWith(['/account']);
      expectRefusal(await get(PATHS.firmwareList, outsider, { productId: String(productId), type: 'TEST' }), 403, MSG.noPermission);
      expectRefusal(await get(PATHS.firmwareDetail, outsider, { id: '1' }), 403, MSG.noPermission);
      expect((await t.app.inject({ method: 'GET', url: `${PATHS.firmwareList}?productId=${productId}&type=TEST` })).statusCode).toBe(401);
      expect((await post(PATHS.firmwareUse, null, { id })).statusCode).toBe(401);
    });

    it("treats another tenant's firmware as unknown (404)", async () => {
      const roleId = await createRole(db(), [MENU, `${MENU}:set`]);
      const userName = unique('fwt_');
      await createTenant(db(), userName, await hashPassword(PASSWORD), roleId);
      const tenant = (await loginAs(t.app, userName, PASSWORD)).token;
      const productId = await createProduct(db());
      const { id } = await addOk(productId);

      expectRefusal(await get(PATHS.firmwareList, tenant, { productId: String(productId), type: 'TEST' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.firmwareDetail, tenant, { id: String(id) }), 404, MSG.recordNotFound);
      await leavesNothing(async () => {
        expectRefusal(await upload(PATHS.firmwareAdd, tenant, addQuery(productId), [file(uniqueBytes(16))]), 404, MSG.recordNotFound);
        const edit = await upload(PATHS.firmwareEdit, tenant, { id, version: 'v', description: 'd' }, [file(uniqueBytes(16))]);
        expectRefusal(edit, 404, MSG.recordNotFound);
        for (const url of [PATHS.firmwareUse, PATHS.firmwareStop, PATHS.firmwareDelete]) {
          expectRefusal(await post(url, tenant, { id }), 404, MSG.recordNotFound);
        }
      });
    });
  });
});
