import { CODE_EXPORT_COLUMNS, MSG, PATHS } from '@factory/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createLine,
  createManager,
  createOtherTenant,
  createPublishedProduct,
  fullGrants,
  grantsWithout,
  insertTask,
  unique,
} from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { client, dbOf } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const MENU = '/productionCenter';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The name a browser saves the download under (RFC 6266's UTF-8 form, as platform/files.ts writes it). */
function downloadName(response: LightMyRequestResponse): string {
  const header = String(response.headers['content-disposition']);
  expect(header).toMatch(/^attachment; /);
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return decodeURIComponent(encoded ?? '');
}

async function xlsxRows(response: LightMyRequestResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type predates Node's generic one
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['生产编码']);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(testDialects())('production code export on %s', (dialect) => {
  const t = withTestApp(dialect);

  const db = () => dbOf(t.app);
  const { get } = client(() => t.app);
  const codesOf = async (taskId: number) =>
    (await db().selectFrom('production_code').select('code').where('taskId', '=', taskId).orderBy('sequence').execute()).map((row) => row.code);

  /** A task of a product whose model name is Chinese, with its codes. */
  async function chineseTask(productionCount: number) {
    const model = `智能电表${unique()}`;
    const { productId, number } = await createPublishedProduct(db(), { flows: 1, number: model });
    const product = await db().selectFrom('product').select('code').where('id', '=', productId).executeTakeFirstOrThrow();
    const lineId = await createLine(db());
    const taskId = await insertTask(db(), { productId, productionCount, lineIds: [lineId] });
    return { taskId, model: number, productCode: product.code, lineId };
  }

  describe('xlsx', () => {
    it('streams the header and every code in label order, named after the model by default', async () => {
      // past one read batch (5,000), so the paging of the export is covered
      const { taskId, model, productCode } = await chineseTask(5_003);
      const response = await get(PATHS.taskExportCodes, t.admin, { taskId });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_TYPE);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(downloadName(response)).toBe(`${model}_生产编码_${taskId}.xlsx`);

      const rows = await xlsxRows(response);
      expect(rows[0]).toEqual([...CODE_EXPORT_COLUMNS]);
      const codes = await codesOf(taskId);
      expect(rows.slice(1)).toEqual(codes.map((code, index) => [index + 1, code, model, productCode, taskId]));
    });

    it('uses the file name given, keeping one extension', async () => {
      const { taskId } = await chineseTask(2);
      const named = await get(PATHS.taskExportCodes, t.admin, { taskId, fileName: ' 三月 标签 ', format: 'xlsx' });
      expect(downloadName(named)).toBe('三月 标签.xlsx');
      const withExtension = await get(PATHS.taskExportCodes, t.admin, { taskId, fileName: 'labels.XLSX' });
      expect(downloadName(withExtension)).toBe('labels.xlsx');
      const blank = await get(PATHS.taskExportCodes, t.admin, { taskId, fileName: '' });
      expect(downloadName(blank)).toMatch(new RegExp(`_生产编码_${taskId}\\.xlsx$`));
    });
  });

  describe('csv', () => {
    it('is UTF-8 with a byte-order mark, the header, then a CRLF line per code in label order', async () => {
      const { taskId, model, productCode } = await chineseTask(4);
      const response = await get(PATHS.taskExportCodes, t.admin, { taskId, format: 'csv', fileName: '生产编码清单' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(downloadName(response)).toBe('生产编码清单.csv');
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const lines = response.rawPayload.subarray(3).toString('utf8').split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe(CODE_EXPORT_COLUMNS.join(','));
      const codes = await codesOf(taskId);
      expect(lines.slice(1)).toEqual(codes.map((code, index) => `${index + 1},${code},${model},${productCode},${taskId}`));
    });

    it('has only the header for a task without codes', async () => {
      const { taskId } = await chineseTask(1);
      await db().deleteFrom('production_code').where('taskId', '=', taskId).execute();
      const response = await get(PATHS.taskExportCodes, t.admin, { taskId, format: 'csv' });
      expect(response.body).toBe(`\uFEFF${CODE_EXPORT_COLUMNS.join(',')}\r\n`);
    });
  });

  describe('refusals (the JSON envelope, never a file)', () => {
    it('answers 403 without the export button, even for an unknown task', async () => {
      const { taskId, lineId } = await chineseTask(1);
      const { token } = await createManager(t.app, grantsWithout(MENU, 'exportProCode'), [lineId]);
      expectRefusal(await get(PATHS.taskExportCodes, token, { taskId }), 403, MSG.noPermission);
      expectRefusal(await get(PATHS.taskExportCodes, token, { taskId: 999_999 }), 403, MSG.noPermission);
    });

    it('lets a sub-user with the button export a task on its line, and answers 404 for a task on no line of its own', async () => {
      const { taskId, lineId } = await chineseTask(1);
      const mine = await createManager(t.app, fullGrants(MENU), [lineId]);
      expect((await get(PATHS.taskExportCodes, mine.token, { taskId, format: 'csv' })).statusCode).toBe(200);

      const elsewhere = await createManager(t.app, fullGrants(MENU), [await createLine(db())]);
      expectRefusal(await get(PATHS.taskExportCodes, elsewhere.token, { taskId }), 404, MSG.recordNotFound);
    });

    it("answers 404 for another tenant's task and for an unknown one", async () => {
      const lineId = await createLine(db());
      const theirs = await insertTask(db(), { ownerId: await createOtherTenant(db()), lineIds: [lineId] });
      const { token } = await createManager(t.app, fullGrants(MENU), [lineId]);
      expectRefusal(await get(PATHS.taskExportCodes, token, { taskId: theirs }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.taskExportCodes, t.admin, { taskId: 999_999 }), 404, MSG.recordNotFound);
    });

    it('answers 400 for a format it does not make and 401 without a session', async () => {
      const { taskId } = await chineseTask(1);
      const response = await get(PATHS.taskExportCodes, t.admin, { taskId, format: 'pdf' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 0, data: null });
      expect((await get(PATHS.taskExportCodes, null, { taskId })).statusCode).toBe(401);
    });
  });
});
