import fs from 'node:fs';
import { type Envelope, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  createFlow,
  createProduct,
  createProperty,
  tinyPdf,
  uniqueBytes,
  uniqueCode,
  uploadStoredFile,
} from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';
import { productApi } from '../../../test/product-api.js';

describe.each(testDialects())('products on %s', (dialect) => { const t = withTestApp(dialect);
  const { db, post, validBody, detail, productRow, lastLog } = productApi(t);

  describe('publish', () => {
    it('refuses a product with no flow', async () => {
      const id = await createProduct(db());
      await createProperty(db(), id);
      expectRefusal(await post(PATHS.productPublish, t.admin, { id }), 409, MSG.productHasNoFlow);
      expect((await productRow(id))?.publishStatus).toBe('UNPUBLISH');
    });

    it('refuses a product with a flow that is not normal', async () => {
      const id = await createProduct(db());
      await createFlow(db(), id);
      await createFlow(db(), id, { normal: false });
      expectRefusal(await post(PATHS.productPublish, t.admin, { id }), 409, MSG.productHasAbnormalFlow);
      expect((await productRow(id))?.publishStatus).toBe('UNPUBLISH');
    });

    it('publishes an unpublished product whose flows are all normal, with its publish time', async () => {
      const id = await createProduct(db());
      await createFlow(db(), id);
      const before = Date.now();
      const response = await post(PATHS.productPublish, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      const row = await productRow(id);
      expect(row?.publishStatus).toBe('PUBLISH');
      expect(Number(row?.publishTime)).toBeGreaterThanOrEqual(before);
      expect((await detail(id)).publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await expect.poll(() => lastLog(PATHS.productPublish)).toBe(`发布产品 ${row!.number}(${row!.code})`);
      expectRefusal(await post(PATHS.productPublish, t.admin, { id }), 409, MSG.productNotUnpublished);
    });

    it('refuses a product in production', async () => {
      const id = await createProduct(db(), { publishStatus: 'PRODUCTING' });
      await createFlow(db(), id);
      expectRefusal(await post(PATHS.productPublish, t.admin, { id }), 409, MSG.productNotUnpublished);
    });
  });

  describe('revoke', () => {
    it('refuses an unpublished product', async () => {
      const id = await createProduct(db());
      expectRefusal(await post(PATHS.productRevoke, t.admin, { id }), 409, MSG.productAlreadyUnpublished);
    });

    it.each(['PUBLISH', 'PRODUCTING'] as const)('returns a %s product to unpublished', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus, publishTime: Date.now() });
      const response = await post(PATHS.productRevoke, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await productRow(id)).toMatchObject({ publishStatus: 'UNPUBLISH', publishTime: null });
      const row = (await productRow(id))!;
      await expect.poll(() => lastLog(PATHS.productRevoke)).toBe(`撤回产品 ${row.number}(${row.code})`);
      // Unpublished again, it can be edited.
      expect((await post(PATHS.productEdit, t.admin, { ...validBody(), id })).statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    it.each(['PUBLISH', 'PRODUCTING'] as const)('refuses a %s product (409)', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus });
      await createFlow(db(), id);
      expectRefusal(await post(PATHS.productDelete, t.admin, { id }), 409, MSG.productNotUnpublished);
      expect(await productRow(id)).toBeDefined();
    });

    it('removes properties, flows, items and firmware; a file row goes with its last reference', async () => {
      const number = uniqueCode('Del');
      const code = uniqueCode('DelC');
      const id = await createProduct(db(), { number, code });
      const property = await createProperty(db(), id);
      const pdf = await uploadStoredFile(t.app, t.admin, '指导书.pdf', tinyPdf('shared by a copy'));
      const flow = await createFlow(db(), id, {
        pdfFileId: pdf.id,
        items: [{ propertyId: property, normalValue: '3' }],
        manualItems: ['看一看'],
      });
      const firmwareFile = await uploadStoredFile(t.app, t.admin, 'firmware.bin', uniqueBytes(100, 'deleted firmware'));
      await db()
        .insertInto('firmware')
        .values({
          productId: id,
          type: 'BUSINESS',
          versionNumber: 'v2',
          description: '业务',
          fileId: firmwareFile.id,
          status: 'STOP',
          createTime: Date.now(),
          updateTime: Date.now(),
        })
        .execute();
      const copyId = (await post(PATHS.productCopy, t.admin, { id })).json<Envelope<number>>().data;

      const response = await post(PATHS.productDelete, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      await expect.poll(() => lastLog(PATHS.productDelete)).toBe(`删除产品 ${number}(${code})`);

      expect(await productRow(id)).toBeUndefined();
      expect(await db().selectFrom('product_property').select('id').where('productId', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('product_flow').select('id').where('productId', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('flow_item').select('flowId').where('flowId', '=', flow).execute()).toEqual([]);
      expect(await db().selectFrom('flow_manual_item').select('id').where('flowId', '=', flow).execute()).toEqual([]);
      expect(await db().selectFrom('firmware').select('id').where('productId', '=', id).execute()).toEqual([]);

      // The firmware's file had no other reference: its row and blob are gone.
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', firmwareFile.id).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, firmwareFile.sha256))).toBe(false);
      // The instruction is still the copy's: it stays, and is still served.
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', pdf.id).execute()).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(200);

      expect((await post(PATHS.productDelete, t.admin, { id: copyId })).statusCode).toBe(200);
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', pdf.id).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, pdf.sha256))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(404);

      expectRefusal(await post(PATHS.productDelete, t.admin, { id }), 404, MSG.recordNotFound);
    });
  });
});
