import { type Envelope, MSG, PATHS, QR_CODE_PAGE, qrImagePath, TASK_LIMITS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createLine, createManager, createOtherTenant, fullGrants, grantsWithout, insertTask } from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { client, dbOf } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { renderQrPng } from './qr-image.js';

const MENU = '/productionCenter';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the IHDR chunk, which a PNG must start with right after its signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.each(testDialects())('production code QR labels on %s', (dialect) => {
  const t = withTestApp(dialect);

  const db = () => dbOf(t.app);
  const { get } = client(() => t.app);
  const codesOf = async (taskId: number) =>
    (await db().selectFrom('production_code').select('code').where('taskId', '=', taskId).orderBy('sequence').execute()).map((row) => row.code);
  const image = (file: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${PATHS.productionCodeQr}/${file}`, headers });

  describe('QR codes for the print view, a page at a time', () => {
    type Page = { total: number; codes: string[]; nextAfter: number | null };
    const pageOf = async (token: string, query: Record<string, string | number>) => dataOf<Page>(await get(PATHS.taskQrCodeUrls, token, query));

    it('pages the codes disjoint, complete and in label order, following nextAfter', async () => {
      const taskId = await insertTask(db(), { productionCount: 23 });
      const codes = await codesOf(taskId);
      const pages: Page[] = [];
      let afterSequence: number | null = 0;
      while (afterSequence !== null) {
        const page = await pageOf(t.admin, { taskId, afterSequence, pageSize: 5 });
        pages.push(page);
        afterSequence = page.nextAfter;
      }
      expect(pages.map((page) => page.codes.length)).toEqual([5, 5, 5, 5, 3]);
      expect(pages.map((page) => page.nextAfter)).toEqual([5, 10, 15, 20, null]);
      expect(pages.every((page) => page.total === 23)).toBe(true);
      // 23 random codes in label order are, all but surely, not in sorted order, so this checks the order kept
      expect(pages.flatMap((page) => page.codes)).toEqual(codes);
      expect(new Set(pages.flatMap((page) => page.codes)).size).toBe(23);
    });

    it('answers codes only, the first page by default, and the last page with no next', async () => {
      const taskId = await insertTask(db(), { productionCount: 4 });
      const codes = await codesOf(taskId);
      const response = await get(PATHS.taskQrCodeUrls, t.admin, { taskId });
      expect(dataOf(response)).toEqual({ total: 4, codes, nextAfter: null });
      // no image addresses on the wire: the console makes them (qrImagePath)
      expect(response.body).not.toContain(PATHS.productionCodeQr);
      expect(QR_CODE_PAGE.size).toBeGreaterThanOrEqual(1_000);
      // a page that ends exactly at the last code says so, and a cursor past it answers an empty page
      expect(await pageOf(t.admin, { taskId, afterSequence: 2, pageSize: 2 })).toEqual({ total: 4, codes: codes.slice(2), nextAfter: null });
      expect(await pageOf(t.admin, { taskId, afterSequence: 4 })).toEqual({ total: 4, codes: [], nextAfter: null });
    });

    it('serves each label at the address the console makes from its code', async () => {
      const [code] = await codesOf(await insertTask(db(), { productionCount: 1 }));
      const response = await t.app.inject({ method: 'GET', url: qrImagePath(code!) });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(await renderQrPng(code!))).toBe(true);
    });

    it('answers an empty page for a task without codes', async () => {
      const taskId = await insertTask(db(), { productionCount: 1 });
      await db().deleteFrom('production_code').where('taskId', '=', taskId).execute();
      expect(await pageOf(t.admin, { taskId })).toEqual({ total: 0, codes: [], nextAfter: null });
    });

    it('refuses a page size past its bounds and a cursor that is not a sequence', async () => {
      const taskId = await insertTask(db(), { productionCount: 1 });
      for (const query of [{ pageSize: 0 }, { pageSize: QR_CODE_PAGE.max + 1 }, { afterSequence: -1 }, { afterSequence: 'x' }] as Record<string, string | number>[]) {
        expectRefusal(await get(PATHS.taskQrCodeUrls, t.admin, { taskId, ...query }), 400, MSG.numberRule);
      }
      expect((await pageOf(t.admin, { taskId, pageSize: QR_CODE_PAGE.max })).codes).toHaveLength(1);
    });

    it('needs the export button and a task in scope, on every page', async () => {
      const lineId = await createLine(db());
      const taskId = await insertTask(db(), { productionCount: 3, lineIds: [lineId] });
      const theirs = await insertTask(db(), { ownerId: await createOtherTenant(db()), lineIds: [lineId] });

      const mine = await createManager(t.app, fullGrants(MENU), [lineId]);
      const first = await pageOf(mine.token, { taskId, pageSize: 2 });
      expect([...first.codes, ...(await pageOf(mine.token, { taskId, afterSequence: first.nextAfter!, pageSize: 2 })).codes]).toEqual(await codesOf(taskId));
      for (const afterSequence of [0, 2]) {
        expectRefusal(await get(PATHS.taskQrCodeUrls, mine.token, { taskId: theirs, afterSequence }), 404, MSG.recordNotFound);
      }
      expectRefusal(await get(PATHS.taskQrCodeUrls, mine.token, { taskId: 999_999 }), 404, MSG.recordNotFound);

      const elsewhere = await createManager(t.app, fullGrants(MENU), [await createLine(db())]);
      expectRefusal(await get(PATHS.taskQrCodeUrls, elsewhere.token, { taskId, afterSequence: 2 }), 404, MSG.recordNotFound);

      const without = await createManager(t.app, grantsWithout(MENU, 'exportProCode'), [lineId]);
      expectRefusal(await get(PATHS.taskQrCodeUrls, without.token, { taskId }), 403, MSG.noPermission);
      expect((await get(PATHS.taskQrCodeUrls, null, { taskId })).statusCode).toBe(401);
    });
  });

  describe('QR image', () => {
    it('serves a 256x256 PNG of the code without a session, cacheable for good', async () => {
      const taskId = await insertTask(db(), { productionCount: 2 });
      const [code, next] = await codesOf(taskId);
      const response = await image(`${code}.png`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(pngSize(response.rawPayload)).toEqual({ width: TASK_LIMITS.qrSize, height: TASK_LIMITS.qrSize });
      expect(response.rawPayload.equals(await renderQrPng(code!))).toBe(true);
      // another code, another picture
      expect(response.rawPayload.equals((await image(`${next}.png`)).rawPayload)).toBe(false);
    });

    it('answers 304 to a browser that holds the image already', async () => {
      const [code] = await codesOf(await insertTask(db(), { productionCount: 1 }));
      const first = await image(`${code}.png`);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(new RegExp(`^".*${code}"$`));
      const again = await image(`${code}.png`, { 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await image(`${code}.png`, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });

    it('answers 404 for a well-formed code nobody was given', async () => {
      const taskId = await insertTask(db(), { productionCount: 1 });
      const [code] = await codesOf(taskId);
      await db().deleteFrom('production_code').where('taskId', '=', taskId).execute();
      expectRefusal(await image(`${code}.png`), 404, MSG.recordNotFound);
    });

    it('answers 404 for a name that is not `<code>.png` of a production code', async () => {
      const [code] = await codesOf(await insertTask(db(), { productionCount: 1 }));
      for (const file of [code!, `${code}.jpg`, `${code!.toLowerCase()}.png`, `${code}0.png`, '0123456789.png', '.png', `${code}.png.png`]) {
        expectRefusal(await image(encodeURIComponent(file)), 404, MSG.recordNotFound);
      }
    });

    it('answers the JSON envelope, not an image, when refused', async () => {
      const response = await image('ZZZZZZZZZZ.png');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<Envelope<null>>()).toEqual({ code: 0, data: null, errorMsg: MSG.recordNotFound });
    });
  });
});
