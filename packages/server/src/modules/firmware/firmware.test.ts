import { type Envelope, FIRMWARE_MAX_BYTES, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct, unique, uniqueBytes } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { firmwareApi } from '../../../test/firmware-api.js';

describe.each(testDialects())('firmware on %s', (dialect) => { const t = withTestApp(dialect);
  const { db, get, post, upload, file, addQuery, addOk, detail, list, leavesNothing, lastLog } = firmwareApi(t);

  describe('add', () => {
    it('stores a stopped firmware and serves its file under the original name', async () => {
      const number = `FW_${unique()}`;
      const productId = await createProduct(db(), { number });
      const content = uniqueBytes(1000, 'firmware add');
      const response = await upload(
        PATHS.firmwareAdd,
        t.admin,
        { productId, type: 'BUSINESS', version: ' v1.0.3 ', description: ' 业务固件说明 ' },
        [file(content, '网关固件_v1.0.3.bin')],
        { note: 'an extra field is ignored' },
      );
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json<Envelope<number>>().data;

      const item = await detail(id);
      expect(item).toMatchObject({
        id,
        productId,
        type: 'BUSINESS',
        versionNumber: 'v1.0.3',
        description: '业务固件说明',
        originName: '网关固件_v1.0.3.bin',
        size: 1000,
        status: 'STOP',
      });
      expect(item.downloadUrl).toMatch(/^\/api\/file\/[\w-]{22}$/);
      expect(item.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const served = await t.app.inject({ method: 'GET', url: item.downloadUrl });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(content);
      expect(served.headers['content-disposition']).toBe(
        `attachment; filename="_____v1.0.3.bin"; filename*=UTF-8''${encodeURIComponent('网关固件_v1.0.3.bin')}`,
      );
      await expect.poll(() => lastLog(PATHS.firmwareAdd)).toBe(`新增固件 ${number} 业务固件 v1.0.3 (网关固件_v1.0.3.bin) #${id}`);
    });

    const messages: [string, Record<string, unknown>, string][] = [
      ['version missing', { version: undefined }, MSG.firmwareVersionRequired],
      ['version blank', { version: '  ' }, MSG.firmwareVersionRequired],
      ['description missing', { description: undefined }, MSG.firmwareDescriptionRequired],
      ['description blank', { description: ' ' }, MSG.firmwareDescriptionRequired],
      ['type missing', { type: undefined }, MSG.firmwareTypeRule],
      ['type unknown', { type: 'BETA' }, MSG.firmwareTypeRule],
      ['product missing', { productId: undefined }, MSG.idRequired],
    ];

    it.each(messages)('answers 400 for %s, storing nothing', async (_label, patch, message) => {
      const productId = await createProduct(db());
      await leavesNothing(async () => {
        const response = await upload(PATHS.firmwareAdd, t.admin, addQuery(productId, 'TEST', patch), [file(uniqueBytes(64))]);
        expectRefusal(response, 400, message);
      });
    });

    it('needs the file: no part, an empty part, or no multipart body at all', async () => {
      const productId = await createProduct(db());
      await leavesNothing(async () => {
        expectRefusal(
          await upload(PATHS.firmwareAdd, t.admin, addQuery(productId), [], { data: 'not a file' }),
          400,
          MSG.firmwareFileRequired,
        );
        expectRefusal(
          await upload(PATHS.firmwareAdd, t.admin, addQuery(productId), [{ field: 'file', filename: 'a.bin', content: uniqueBytes(10) }]),
          400,
          MSG.firmwareFileRequired,
        );
        expectRefusal(
          await upload(PATHS.firmwareAdd, t.admin, addQuery(productId), [file(Buffer.alloc(0))]),
          400,
          MSG.firmwareFileRequired,
        );
        const query = new URLSearchParams(Object.entries(addQuery(productId)).map(([key, value]): [string, string] => [key, String(value)]));
        expectRefusal(await post(`${PATHS.firmwareAdd}?${query}`, t.admin), 400, MSG.firmwareFileRequired);
      });
    });

    it('takes one file only', async () => {
      const productId = await createProduct(db());
      await leavesNothing(async () => {
        const response = await upload(PATHS.firmwareAdd, t.admin, addQuery(productId), [
          file(uniqueBytes(64, 'first of two')),
          file(uniqueBytes(64, 'second of two')),
        ]);
        expectRefusal(response, 400, MSG.firmwareFileOnlyOne);
      });
    });

    it('answers 404 for an unknown product and 409 for a published one, storing nothing', async () => {
      await leavesNothing(async () => {
        expectRefusal(await upload(PATHS.firmwareAdd, t.admin, addQuery(999999), [file(uniqueBytes(64))]), 404, MSG.recordNotFound);
        for (const publishStatus of ['PUBLISH', 'PRODUCTING'] as const) {
          const productId = await createProduct(db(), { publishStatus });
          await leavesNothing(async () => {
            expectRefusal(
              await upload(PATHS.firmwareAdd, t.admin, addQuery(productId), [file(uniqueBytes(64))]),
              409,
              MSG.productNotEditable,
            );
          });
          await db().deleteFrom('product').where('id', '=', productId).execute();
        }
      });
    });

    it(`refuses a file over ${FIRMWARE_MAX_BYTES / 1024 / 1024} MB with 413, leaving nothing behind`, async () => {
      const productId = await createProduct(db());
      await leavesNothing(async () => {
        const response = await upload(PATHS.firmwareAdd, t.admin, addQuery(productId), [
          file(uniqueBytes(FIRMWARE_MAX_BYTES + 1, 'one byte too many'), 'huge.bin'),
        ]);
        expectRefusal(response, 413, MSG.firmwareFileTooLarge);
      });
    });

    it(`accepts a file of exactly ${FIRMWARE_MAX_BYTES / 1024 / 1024} MB (over the 20 MB document limit)`, async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId, 'TEST', uniqueBytes(FIRMWARE_MAX_BYTES, 'exactly the limit'), 'max.bin');
      expect((await detail(id)).size).toBe(FIRMWARE_MAX_BYTES);
      expect((await post(PATHS.firmwareDelete, t.admin, { id })).statusCode).toBe(200);
    });
  });

  describe('list and detail', () => {
    it('lists one type of a product, newest first, 5 a page by default', async () => {
      const productId = await createProduct(db());
      const tests: number[] = [];
      for (let i = 0; i < 6; i++) tests.push((await addOk(productId, 'TEST')).id);
      const business = (await addOk(productId, 'BUSINESS')).id;
      await db()
        .updateTable('firmware')
        .set((eb) => ({ createTime: eb('createTime', '-', eb.lit(100_000)) }))
        .where('id', '=', tests[3]!)
        .execute();

      const first = await list(productId, 'TEST');
      expect(first).toMatchObject({ total: 6, pageSize: 5, pageNum: 1 });
      expect(first.list.map((f) => f.id)).toEqual([tests[5], tests[4], tests[2], tests[1], tests[0]]);
      expect(first.list.every((f) => f.type === 'TEST')).toBe(true);
      expect((await list(productId, 'TEST', { page: '2' })).list.map((f) => f.id)).toEqual([tests[3]]);
      expect((await list(productId, 'TEST', { pageSize: '0' })).list).toHaveLength(6);
      const businessPage = await list(productId, 'BUSINESS');
      expect(businessPage.list.map((f) => f.id)).toEqual([business]);
      expect(businessPage.list[0]).toEqual(await detail(business));
      expect(await list(await createProduct(db()), 'TEST')).toEqual({ list: [], total: 0, pageSize: 5, pageNum: 1 });
    });

    it('answers 400 for a missing type or product and 404 for unknown ids', async () => {
      const productId = await createProduct(db());
      expectRefusal(await get(PATHS.firmwareList, t.admin, { productId: String(productId) }), 400, MSG.firmwareTypeRule);
      expectRefusal(await get(PATHS.firmwareList, t.admin, { type: 'TEST' }), 400, MSG.idRequired);
      expectRefusal(await get(PATHS.firmwareList, t.admin, { productId: '999999', type: 'TEST' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.firmwareDetail, t.admin, { id: '999999' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.firmwareDetail, t.admin), 400, MSG.idRequired);
    });
  });

  describe('unknown ids', () => {
    it.each([PATHS.firmwareUse, PATHS.firmwareStop, PATHS.firmwareDelete])('%s answers 404 and 400', async (url) => {
      expectRefusal(await post(url, t.admin, { id: 999999 }), 404, MSG.recordNotFound);
      expectRefusal(await post(url, t.admin, {}), 400, MSG.idRequired);
    });
  });
});
