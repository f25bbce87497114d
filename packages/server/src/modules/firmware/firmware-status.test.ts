import fs from 'node:fs';
import { MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct, uniqueBytes } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';
import { firmwareApi } from '../../../test/firmware-api.js';

describe.each(testDialects())('firmware on %s', (dialect) => { const t = withTestApp(dialect);
  const { db, post, upload, file, addOk, detail, list, statusOf, leavesNothing, lastLog } = firmwareApi(t);

  describe('use and stop', () => {
    it('uses a stopped firmware and stops the one of the same type in use', async () => {
      const productId = await createProduct(db());
      const a = (await addOk(productId, 'TEST')).id;
      const b = (await addOk(productId, 'TEST')).id;
      const business = (await addOk(productId, 'BUSINESS')).id;
      const otherProduct = await createProduct(db());
      const elsewhere = (await addOk(otherProduct, 'TEST')).id;

      for (const id of [a, business, elsewhere]) {
        const response = await post(PATHS.firmwareUse, t.admin, { id });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      }
      expect((await detail(a)).status).toBe('USE');

      expect((await post(PATHS.firmwareUse, t.admin, { id: b })).statusCode).toBe(200);
      expect(await statusOf(a)).toBe('STOP');
      expect(await statusOf(b)).toBe('USE');
      expect(await statusOf(business)).toBe('USE');
      expect(await statusOf(elsewhere)).toBe('USE');
      const number = (await db().selectFrom('product').select('number').where('id', '=', productId).executeTakeFirstOrThrow()).number;
      const version = (await detail(b)).versionNumber;
      await expect.poll(() => lastLog(PATHS.firmwareUse)).toBe(`开启固件 ${number} 产测固件 ${version}`);

      expectRefusal(await post(PATHS.firmwareUse, t.admin, { id: b }), 409, MSG.firmwareAlreadyUsed);
    });

    it('keeps one firmware of a type in use when two are used at the same time', async () => {
      const productId = await createProduct(db());
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await addOk(productId, 'TEST')).id);
      const responses = await Promise.all(ids.map((id) => post(PATHS.firmwareUse, t.admin, { id })));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const inUse = await db()
        .selectFrom('firmware')
        .select('id')
        .where('productId', '=', productId)
        .where('type', '=', 'TEST')
        .where('status', '=', 'USE')
        .execute();
      expect(inUse).toHaveLength(1);
    });

    it('stops a firmware in use, and refuses to stop a stopped one', async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId, 'BUSINESS');
      expectRefusal(await post(PATHS.firmwareStop, t.admin, { id }), 409, MSG.firmwareAlreadyStopped);
      expect((await post(PATHS.firmwareUse, t.admin, { id })).statusCode).toBe(200);
      const response = await post(PATHS.firmwareStop, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toBe('STOP');
      await expect.poll(async () => (await lastLog(PATHS.firmwareStop))?.startsWith('停止固件 ')).toBe(true);
    });
  });

  describe('delete', () => {
    it('refuses a firmware in use, and deletes a stopped one with its file', async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId, 'BUSINESS', uniqueBytes(128, 'to be deleted'));
      const item = await detail(id);
      const row = await db().selectFrom('firmware').select('fileId').where('id', '=', id).executeTakeFirstOrThrow();
      const stored = await db().selectFrom('stored_file').select('sha256').where('id', '=', row.fileId).executeTakeFirstOrThrow();
      expect((await post(PATHS.firmwareUse, t.admin, { id })).statusCode).toBe(200);
      expectRefusal(await post(PATHS.firmwareDelete, t.admin, { id }), 409, MSG.firmwareInUse);
      expect((await post(PATHS.firmwareStop, t.admin, { id })).statusCode).toBe(200);

      const response = await post(PATHS.firmwareDelete, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toBeUndefined();
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', row.fileId).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, stored.sha256))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: item.downloadUrl })).statusCode).toBe(404);
      await expect.poll(() => lastLog(PATHS.firmwareDelete)).toMatch(/^删除固件 .+ 业务固件 v\w+ \(firmware\.bin\)$/);
      expectRefusal(await post(PATHS.firmwareDelete, t.admin, { id }), 404, MSG.recordNotFound);
    });

    it('keeps a blob another upload of the same bytes still names', async () => {
      const productId = await createProduct(db());
      const content = uniqueBytes(128, 'same bytes twice');
      const first = (await addOk(productId, 'TEST', content)).id;
      const second = (await addOk(productId, 'TEST', content)).id;
      const sha = (
        await db()
          .selectFrom('firmware')
          .innerJoin('stored_file', 'stored_file.id', 'firmware.fileId')
          .select('stored_file.sha256')
          .where('firmware.id', '=', first)
          .executeTakeFirstOrThrow()
      ).sha256;
      expect((await post(PATHS.firmwareDelete, t.admin, { id: first })).statusCode).toBe(200);
      expect(fs.existsSync(blobPath(t.config.filesDir, sha))).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: (await detail(second)).downloadUrl })).rawPayload).toEqual(content);
      expect((await post(PATHS.firmwareDelete, t.admin, { id: second })).statusCode).toBe(200);
      expect(fs.existsSync(blobPath(t.config.filesDir, sha))).toBe(false);
    });
  });

  describe('a product that is not unpublished', () => {
    it.each(['PUBLISH', 'PRODUCTING'] as const)('refuses every firmware write of a %s product (409)', async (publishStatus) => {
      const productId = await createProduct(db());
      const stopped = (await addOk(productId)).id;
      const used = (await addOk(productId, 'BUSINESS')).id;
      expect((await post(PATHS.firmwareUse, t.admin, { id: used })).statusCode).toBe(200);
      await db().updateTable('product').set({ publishStatus }).where('id', '=', productId).execute();

      await leavesNothing(async () => {
        expectRefusal(await post(PATHS.firmwareUse, t.admin, { id: stopped }), 409, MSG.productNotEditable);
        expectRefusal(await post(PATHS.firmwareStop, t.admin, { id: used }), 409, MSG.productNotEditable);
        expectRefusal(await post(PATHS.firmwareDelete, t.admin, { id: stopped }), 409, MSG.productNotEditable);
        expectRefusal(
          await upload(PATHS.firmwareEdit, t.admin, { id: stopped, version: 'v', description: 'd' }, [file(uniqueBytes(16))]),
          409,
          MSG.productNotEditable,
        );
      });
      expect(await statusOf(stopped)).toBe('STOP');
      expect(await statusOf(used)).toBe('USE');
      // Reading stays open.
      expect((await list(productId, 'TEST')).total).toBe(1);
    });
  });
});
