import fs from 'node:fs';
import { type Envelope, FIRMWARE_MAX_BYTES, type Firmware, type FunCode, MSG, PATHS, type Page } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, type FilePart, multipartBody, uniqueBytes } from '../../../test/document-factories.js';
import { unique } from '../../../test/line-factories.js';
import { createProduct, createTenant } from '../../../test/product-center-factories.js';
import { bearer, client, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';
import { hashPassword } from '../../platform/password.js';

const PASSWORD = 'Passw0rdX';
const MENU = '/productCenter';
const BUTTONS: FunCode[] = ['add', 'detail', 'set', 'push', 'back', 'copy', 'delete'];

describe.each(testDialects())('firmware on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await loginAsAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);

  /** A multipart upload to `url` with `query` values, as the firmware panel sends it. */
  async function upload(
    url: string,
    token: string | null,
    query: Record<string, unknown>,
    files: FilePart[],
    fields: Record<string, string> = {},
  ) {
    const { payload, headers } = await multipartBody(files, fields);
    const search = new URLSearchParams(
      Object.entries(query)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]): [string, string] => [key, String(value)]),
    );
    return t.app.inject({ method: 'POST', url: `${url}?${search}`, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  }

  const file = (content: Buffer, filename = 'firmware.bin'): FilePart => ({ field: 'data', filename, content });
  const addQuery = (productId: number, type = 'TEST', patch: Record<string, unknown> = {}) => ({
    productId,
    type,
    version: `v${unique()}`,
    description: '固件说明',
    ...patch,
  });

  async function addOk(productId: number, type: 'TEST' | 'BUSINESS' = 'TEST', content = uniqueBytes(256), filename = 'firmware.bin') {
    const query = addQuery(productId, type);
    const response = await upload(PATHS.firmwareAdd, admin, query, [file(content, filename)]);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<Envelope<number>>().data;
    return { id, version: query.version };
  }

  async function detail(id: number): Promise<Firmware> {
    const response = await get(PATHS.firmwareDetail, admin, { id: String(id) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Firmware>>().data;
  }

  async function list(productId: number, type: string, extra: Record<string, string> = {}): Promise<Page<Firmware>> {
    const response = await get(PATHS.firmwareList, admin, { productId: String(productId), type, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Page<Firmware>>>().data;
  }

  const statusOf = async (id: number) =>
    (await db().selectFrom('firmware').select('status').where('id', '=', id).executeTakeFirst())?.status;

  function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
  }

  async function countRows() {
    const files = await db().selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const firmware = await db().selectFrom('firmware').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { files: Number(files.n), firmware: Number(firmware.n) };
  }

  /** Runs `act` and checks that it left no row and no file behind. */
  async function leavesNothing(act: () => Promise<void>) {
    const before = await countRows();
    const filesBefore = filesUnder(t.config.filesDir);
    await act();
    expect(await countRows()).toEqual(before);
    expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
  }

  async function lastLog(route: string): Promise<string | undefined> {
    const row = await db()
      .selectFrom('operation_log')
      .select('summary')
      .where('route', '=', route)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.summary;
  }

  describe('add', () => {
    it('stores a stopped firmware and serves its file under the original name', async () => {
      const number = `FW_${unique()}`;
      const productId = await createProduct(db(), { number });
      const content = uniqueBytes(1000, 'firmware add');
      const response = await upload(
        PATHS.firmwareAdd,
        admin,
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
        const response = await upload(PATHS.firmwareAdd, admin, addQuery(productId, 'TEST', patch), [file(uniqueBytes(64))]);
        expectRefusal(response, 400, message);
      });
    });

    it('needs the file: no part, an empty part, or no multipart body at all', async () => {
      const productId = await createProduct(db());
      await leavesNothing(async () => {
        expectRefusal(
          await upload(PATHS.firmwareAdd, admin, addQuery(productId), [], { data: 'not a file' }),
          400,
          MSG.firmwareFileRequired,
        );
        expectRefusal(
          await upload(PATHS.firmwareAdd, admin, addQuery(productId), [{ field: 'file', filename: 'a.bin', content: uniqueBytes(10) }]),
          400,
          MSG.firmwareFileRequired,
        );
        expectRefusal(
          await upload(PATHS.firmwareAdd, admin, addQuery(productId), [file(Buffer.alloc(0))]),
          400,
          MSG.firmwareFileRequired,
        );
        const query = new URLSearchParams(Object.entries(addQuery(productId)).map(([key, value]): [string, string] => [key, String(value)]));
        expectRefusal(await post(`${PATHS.firmwareAdd}?${query}`, admin), 400, MSG.firmwareFileRequired);
      });
    });

    it('takes one file only', async () => {
      const productId = await createProduct(db());
      await leavesNothing(async () => {
        const response = await upload(PATHS.firmwareAdd, admin, addQuery(productId), [
          file(uniqueBytes(64, 'first of two')),
          file(uniqueBytes(64, 'second of two')),
        ]);
        expectRefusal(response, 400, MSG.firmwareFileOnlyOne);
      });
    });

    it('answers 404 for an unknown product and 409 for a published one, storing nothing', async () => {
      await leavesNothing(async () => {
        expectRefusal(await upload(PATHS.firmwareAdd, admin, addQuery(999999), [file(uniqueBytes(64))]), 404, MSG.recordNotFound);
        for (const publishStatus of ['PUBLISH', 'PRODUCTING'] as const) {
          const productId = await createProduct(db(), { publishStatus });
          await leavesNothing(async () => {
            expectRefusal(
              await upload(PATHS.firmwareAdd, admin, addQuery(productId), [file(uniqueBytes(64))]),
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
        const response = await upload(PATHS.firmwareAdd, admin, addQuery(productId), [
          file(uniqueBytes(FIRMWARE_MAX_BYTES + 1, 'one byte too many'), 'huge.bin'),
        ]);
        expectRefusal(response, 413, MSG.firmwareFileTooLarge);
      });
    });

    it(`accepts a file of exactly ${FIRMWARE_MAX_BYTES / 1024 / 1024} MB (over the 20 MB document limit)`, async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId, 'TEST', uniqueBytes(FIRMWARE_MAX_BYTES, 'exactly the limit'), 'max.bin');
      expect((await detail(id)).size).toBe(FIRMWARE_MAX_BYTES);
      expect((await post(PATHS.firmwareDelete, admin, { id })).statusCode).toBe(200);
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
      expectRefusal(await get(PATHS.firmwareList, admin, { productId: String(productId) }), 400, MSG.firmwareTypeRule);
      expectRefusal(await get(PATHS.firmwareList, admin, { type: 'TEST' }), 400, MSG.idRequired);
      expectRefusal(await get(PATHS.firmwareList, admin, { productId: '999999', type: 'TEST' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.firmwareDetail, admin, { id: '999999' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.firmwareDetail, admin), 400, MSG.idRequired);
    });
  });

  describe('use and stop', () => {
    it('uses a stopped firmware and stops the one of the same type in use', async () => {
      const productId = await createProduct(db());
      const a = (await addOk(productId, 'TEST')).id;
      const b = (await addOk(productId, 'TEST')).id;
      const business = (await addOk(productId, 'BUSINESS')).id;
      const otherProduct = await createProduct(db());
      const elsewhere = (await addOk(otherProduct, 'TEST')).id;

      for (const id of [a, business, elsewhere]) {
        const response = await post(PATHS.firmwareUse, admin, { id });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      }
      expect((await detail(a)).status).toBe('USE');

      expect((await post(PATHS.firmwareUse, admin, { id: b })).statusCode).toBe(200);
      expect(await statusOf(a)).toBe('STOP');
      expect(await statusOf(b)).toBe('USE');
      expect(await statusOf(business)).toBe('USE');
      expect(await statusOf(elsewhere)).toBe('USE');
      const number = (await db().selectFrom('product').select('number').where('id', '=', productId).executeTakeFirstOrThrow()).number;
      const version = (await detail(b)).versionNumber;
      await expect.poll(() => lastLog(PATHS.firmwareUse)).toBe(`开启固件 ${number} 产测固件 ${version}`);

      expectRefusal(await post(PATHS.firmwareUse, admin, { id: b }), 409, MSG.firmwareAlreadyUsed);
    });

    it('keeps one firmware of a type in use when two are used at the same time', async () => {
      const productId = await createProduct(db());
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await addOk(productId, 'TEST')).id);
      const responses = await Promise.all(ids.map((id) => post(PATHS.firmwareUse, admin, { id })));
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
      expectRefusal(await post(PATHS.firmwareStop, admin, { id }), 409, MSG.firmwareAlreadyStopped);
      expect((await post(PATHS.firmwareUse, admin, { id })).statusCode).toBe(200);
      const response = await post(PATHS.firmwareStop, admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toBe('STOP');
      await expect.poll(async () => (await lastLog(PATHS.firmwareStop))?.startsWith('停止固件 ')).toBe(true);
    });
  });

  describe('edit', () => {
    it('changes the version and description of a stopped firmware, keeping its file', async () => {
      const productId = await createProduct(db());
      const content = uniqueBytes(300, 'kept file');
      const { id } = await addOk(productId, 'TEST', content, 'keep.bin');
      const before = await detail(id);

      const search = new URLSearchParams({ id: String(id), version: ' v2.0 ', description: '新说明' });
      const plain = await post(`${PATHS.firmwareEdit}?${search}`, admin);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(await detail(id)).toMatchObject({
        versionNumber: 'v2.0',
        description: '新说明',
        downloadUrl: before.downloadUrl,
        originName: 'keep.bin',
      });

      const multipartWithoutFile = await upload(PATHS.firmwareEdit, admin, { id, version: 'v2.1', description: '再改' }, [], { other: 'x' });
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
      const response = await upload(PATHS.firmwareEdit, admin, { id, version: 'v3', description: '换文件' }, [file(newContent, '新固件.bin')]);
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
      expect((await post(PATHS.firmwareUse, admin, { id })).statusCode).toBe(200);
      await leavesNothing(async () => {
        const response = await upload(PATHS.firmwareEdit, admin, { id, version: 'v9', description: '不行' }, [file(uniqueBytes(64))]);
        expectRefusal(response, 409, MSG.firmwareInUse);
      });
      expect((await detail(id)).versionNumber).not.toBe('v9');
    });

    it('answers the form messages, one file only, 413 past the limit, and 404 for an unknown id', async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId);
      const before = await detail(id);
      const edit = (query: Record<string, unknown>, files: FilePart[] = []) => upload(PATHS.firmwareEdit, admin, query, files);
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

  describe('delete', () => {
    it('refuses a firmware in use, and deletes a stopped one with its file', async () => {
      const productId = await createProduct(db());
      const { id } = await addOk(productId, 'BUSINESS', uniqueBytes(128, 'to be deleted'));
      const item = await detail(id);
      const row = await db().selectFrom('firmware').select('fileId').where('id', '=', id).executeTakeFirstOrThrow();
      const stored = await db().selectFrom('stored_file').select('sha256').where('id', '=', row.fileId).executeTakeFirstOrThrow();
      expect((await post(PATHS.firmwareUse, admin, { id })).statusCode).toBe(200);
      expectRefusal(await post(PATHS.firmwareDelete, admin, { id }), 409, MSG.firmwareInUse);
      expect((await post(PATHS.firmwareStop, admin, { id })).statusCode).toBe(200);

      const response = await post(PATHS.firmwareDelete, admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toBeUndefined();
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', row.fileId).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, stored.sha256))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: item.downloadUrl })).statusCode).toBe(404);
      await expect.poll(() => lastLog(PATHS.firmwareDelete)).toMatch(/^删除固件 .+ 业务固件 v\w+ \(firmware\.bin\)$/);
      expectRefusal(await post(PATHS.firmwareDelete, admin, { id }), 404, MSG.recordNotFound);
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
      expect((await post(PATHS.firmwareDelete, admin, { id: first })).statusCode).toBe(200);
      expect(fs.existsSync(blobPath(t.config.filesDir, sha))).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: (await detail(second)).downloadUrl })).rawPayload).toEqual(content);
      expect((await post(PATHS.firmwareDelete, admin, { id: second })).statusCode).toBe(200);
      expect(fs.existsSync(blobPath(t.config.filesDir, sha))).toBe(false);
    });
  });

  describe('a product that is not unpublished', () => {
    it.each(['PUBLISH', 'PRODUCTING'] as const)('refuses every firmware write of a %s product (409)', async (publishStatus) => {
      const productId = await createProduct(db());
      const stopped = (await addOk(productId)).id;
      const used = (await addOk(productId, 'BUSINESS')).id;
      expect((await post(PATHS.firmwareUse, admin, { id: used })).statusCode).toBe(200);
      await db().updateTable('product').set({ publishStatus }).where('id', '=', productId).execute();

      await leavesNothing(async () => {
        expectRefusal(await post(PATHS.firmwareUse, admin, { id: stopped }), 409, MSG.productNotEditable);
        expectRefusal(await post(PATHS.firmwareStop, admin, { id: used }), 409, MSG.productNotEditable);
        expectRefusal(await post(PATHS.firmwareDelete, admin, { id: stopped }), 409, MSG.productNotEditable);
        expectRefusal(
          await upload(PATHS.firmwareEdit, admin, { id: stopped, version: 'v', description: 'd' }, [file(uniqueBytes(16))]),
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

  describe('unknown ids', () => {
    it.each([PATHS.firmwareUse, PATHS.firmwareStop, PATHS.firmwareDelete])('%s answers 404 and 400', async (url) => {
      expectRefusal(await post(url, admin, { id: 999999 }), 404, MSG.recordNotFound);
      expectRefusal(await post(url, admin, {}), 400, MSG.idRequired);
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
