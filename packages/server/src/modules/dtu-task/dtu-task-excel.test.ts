import { DTU_TASK_EXCEL_FIELD, DTU_TASK_LIMITS, DTU_TASK_MSG as M, type DtuTaskParam } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dateIn, dtuTaskApi, dtuTaskParamOf, dtuTaskSetting, excelPart, majorMinorRows, xlsxOf } from '../../../test/dtu-task-api.js';
import { createDtuTest, type FilePart, filesUnder, tinyPdf } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/** The first bytes of an .xls (an OLE2 compound file), then padding. */
const xlsBytes = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

describe.each(testDialects())('the major/minor Excel of a DTU task on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, add, edit, addOk, detail, snapshot } = dtuTaskApi(t);

  const rowsOf = (taskId: number) =>
    db().selectFrom('dtu_task_excel_row').select(['rowNo', 'major', 'minor', 'testId']).where('taskId', '=', taskId).orderBy('rowNo').execute();
  const storedFile = (id: number | null) => db().selectFrom('stored_file').selectAll().where('id', '=', id ?? 0).executeTakeFirst();

  /** A THREE_2_ONE setting and a param delivering data. */
  async function delivering(overrides: Partial<DtuTaskParam> = {}) {
    const setting = await dtuTaskSetting(db());
    return { setting, param: dtuTaskParamOf(setting, { needExcel: true, ...overrides }) };
  }

  /** Runs `act` and checks that no row changed and no file is left on disk (temp files included). */
  async function leavesNothing(act: () => Promise<void>) {
    const before = await snapshot();
    const files = filesUnder(t.config.filesDir);
    await act();
    expect(await snapshot()).toEqual(before);
    expect(filesUnder(t.config.filesDir)).toEqual(files);
  }

  it('keeps the rows of a good file and the file itself under its name', async () => {
    const { param } = await delivering();
    const content = await xlsxOf(majorMinorRows(3));
    const id = await addOk(param, excelPart(content, '第一批.xlsx'));
    expect(await rowsOf(id)).toEqual([
      { rowNo: 2, major: 100, minor: 1, testId: null },
      { rowNo: 3, major: 100, minor: 2, testId: null },
      { rowNo: 4, major: 100, minor: 3, testId: null },
    ]);
    expect(await detail(id)).toMatchObject({ needExcel: true, excelOriginName: '第一批.xlsx', excelRowCount: 3, excelUsedCount: 0 });
    const task = await db().selectFrom('dtu_task').select('excelFileId').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await storedFile(task.excelFileId)).toMatchObject({ originName: '第一批.xlsx', size: content.length });
  });

  it('finds the columns by name in any order and case, skipping empty rows and other columns', async () => {
    const { param } = await delivering();
    const content = await xlsxOf(
      [
        ['a', 7, '1'],
        [null, null, null],
        ['b', '8', ' 2 '],
        ['c', { formula: '4+5', result: 9 }, 65_535],
        ['d', 0, 0],
      ],
      ['备注', 'MINOR', 'Major'],
    );
    const id = await addOk(param, content);
    expect((await rowsOf(id)).map(({ rowNo, major, minor }) => [rowNo, major, minor])).toEqual([
      [2, 1, 7],
      [4, 2, 8],
      [5, 65_535, 9],
      [6, 0, 0],
    ]);
  });

  it('reads the first row that is not empty as the header', async () => {
    const { param } = await delivering();
    const content = await xlsxOf([[], ['major', 'minor'], [1, 2]], []);
    const id = await addOk(param, content);
    expect(await rowsOf(id)).toEqual([{ rowNo: 3, major: 1, minor: 2, testId: null }]);
  });

  it('reads an .xlsx even when named .xls', async () => {
    const { param } = await delivering();
    const id = await addOk(param, excelPart(await xlsxOf(majorMinorRows(2)), 'old-name.xls'));
    expect((await detail(id)).excelRowCount).toBe(2);
  });

  const refusals: [string, () => Promise<FilePart[]>, number, string][] = [
    ['a sheet without the minor column', async () => [excelPart(await xlsxOf([[1, 2]], ['major', 'value']))], 400, M.excelEmpty],
    ['a sheet without a header', async () => [excelPart(await xlsxOf([[1, 2]], []))], 400, M.excelEmpty],
    ['a header and no row', async () => [excelPart(await xlsxOf([]))], 400, M.excelEmpty],
    ['an empty workbook', async () => [excelPart(await xlsxOf([], []))], 400, M.excelEmpty],
    ['a value that is not a number', async () => [excelPart(await xlsxOf([[1, 2], ['abc', 3]]))], 400, M.excelRow(3)],
    ['a value past 65535', async () => [excelPart(await xlsxOf([[1, 2], [3, 4], [65_536, 1]]))], 400, M.excelRow(4)],
    ['a negative value', async () => [excelPart(await xlsxOf([[-1, 2]]))], 400, M.excelRow(2)],
    ['a fraction', async () => [excelPart(await xlsxOf([[1.5, 2]]))], 400, M.excelRow(2)],
    ['a row with one value', async () => [excelPart(await xlsxOf([[1, 2], [null, 3]]))], 400, M.excelRow(3)],
    ['a pair twice', async () => [excelPart(await xlsxOf([[1, 2], [1, 3], [1, 2]]))], 400, M.excelDuplicate(4)],
    ['an .xls (Excel 97-2003)', async () => [excelPart(xlsBytes(), 'old.xls')], 400, M.excelOldFormat],
    ['an .xls renamed .xlsx', async () => [excelPart(xlsBytes(), 'renamed.xlsx')], 400, M.excelOldFormat],
    ['a pdf', async () => [excelPart(tinyPdf('not excel'), 'list.pdf')], 400, M.excelType],
    ['a file without extension', async () => [excelPart(await xlsxOf(majorMinorRows(1)), 'major_minor')], 400, M.excelType],
    ['bytes that are no workbook', async () => [excelPart(Buffer.from('major,minor\n1,2\n'), 'list.xlsx')], 400, M.excelUnreadable],
    ['a cut workbook', async () => [excelPart((await xlsxOf(majorMinorRows(50))).subarray(0, 1500))], 400, M.excelUnreadable],
    ['an empty file', async () => [excelPart(Buffer.alloc(0))], 400, M.excelRequired],
    ['two files', async () => [excelPart(await xlsxOf(majorMinorRows(1))), excelPart(await xlsxOf(majorMinorRows(2)))], 400, M.excelOnlyOne],
    ['a file past 10 MB', async () => [excelPart(Buffer.alloc(DTU_TASK_LIMITS.excelMaxBytes + 1, 0x41))], 413, M.excelTooLarge],
  ];
  it.each(refusals)('refuses %s, writing and keeping nothing', async (_label, files, status, message) => {
    const { param } = await delivering();
    const parts = await files();
    await leavesNothing(async () => expectRefusal(await add(param, parts), status, message));
  });

  it('refuses more rows than the limit', async () => {
    const { param } = await delivering();
    const rows = Array.from({ length: DTU_TASK_LIMITS.excelRowsMax + 1 }, (_, index) => [Math.floor(index / 1000), index % 1000]);
    const content = await xlsxOf(rows);
    await leavesNothing(async () => expectRefusal(await add(param, content), 400, M.excelTooManyRows));
  });

  it('answers the form’s own refusals before the Excel’s', async () => {
    const { param } = await delivering({ expireTime: dateIn(-5) });
    await leavesNothing(async () => expectRefusal(await add(param, await xlsxOf([['x', 1]])), 400, M.expireTooEarly));
  });

  it('keeps no Excel for a task that delivers nothing', async () => {
    const { param } = await delivering({ needExcel: false });
    const files = filesUnder(t.config.filesDir);
    const before = { rows: await snapshot().then((s) => s.excelRows), stored: await snapshot().then((s) => s.files) };
    const id = await addOk(param, await xlsxOf(majorMinorRows(2)));
    expect(await detail(id)).toMatchObject({ needExcel: false, excelOriginName: null, excelRowCount: 0 });
    expect((await snapshot()).excelRows).toBe(before.rows);
    expect((await snapshot()).files).toBe(before.stored);
    expect(filesUnder(t.config.filesDir)).toEqual(files);
  });

  describe('on edit', () => {
    async function taskWithExcel(rows = 3) {
      const { param } = await delivering();
      // a major of its own: identical bytes would share one blob with another test's file
      const major = 1_000 + Math.floor(Math.random() * 60_000);
      const id = await addOk(param, excelPart(await xlsxOf(majorMinorRows(rows, major)), 'first.xlsx'));
      return { id, param: { ...param, id } };
    }

    it('keeps the Excel when none is sent', async () => {
      const { id, param } = await taskWithExcel();
      expect((await edit({ ...param, productionNumber: 30 })).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ excelOriginName: 'first.xlsx', excelRowCount: 3, productionNumber: 30 });
    });

    it('replaces the rows and the file while none was delivered, letting the old file go', async () => {
      const { id, param } = await taskWithExcel();
      const oldFileId = (await db().selectFrom('dtu_task').select('excelFileId').where('id', '=', id).executeTakeFirstOrThrow()).excelFileId;
      const oldSha = (await storedFile(oldFileId))!.sha256;
      expect((await edit(param, excelPart(await xlsxOf(majorMinorRows(2, 200)), 'second.xlsx'))).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ excelOriginName: 'second.xlsx', excelRowCount: 2 });
      expect((await rowsOf(id)).map((row) => row.major)).toEqual([200, 200]);
      expect(await storedFile(oldFileId)).toBeUndefined();
      expect(filesUnder(t.config.filesDir).some((file) => file.endsWith(oldSha))).toBe(false);
    });

    it('refuses a new Excel once a row was delivered (409), writing nothing', async () => {
      const { id, param } = await taskWithExcel();
      const testId = await createDtuTest(db(), id, { testStatus: null });
      await db().updateTable('dtu_task_excel_row').set({ testId }).where('taskId', '=', id).where('rowNo', '=', 2).execute();
      const content = await xlsxOf(majorMinorRows(5));
      await leavesNothing(async () => expectRefusal(await edit(param, content), 409, M.excelInUse));
      expect(await detail(id)).toMatchObject({ excelRowCount: 3, excelUsedCount: 1 });
    });

    it('needs an Excel when data delivery is turned on for a task without one', async () => {
      const setting = await dtuTaskSetting(db());
      const param = dtuTaskParamOf(setting);
      const id = await addOk(param);
      await leavesNothing(async () => expectRefusal(await edit({ ...param, id, needExcel: true }), 400, M.excelRequired));
      expect((await edit({ ...param, id, needExcel: true }, await xlsxOf(majorMinorRows(4)))).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ needExcel: true, excelRowCount: 4 });
    });

    it('refuses a bad Excel on edit too', async () => {
      const { param } = await taskWithExcel();
      await leavesNothing(async () => expectRefusal(await edit(param, await xlsxOf([[1, 1], [1, 1]])), 400, M.excelDuplicate(3)));
      const two = [excelPart(await xlsxOf(majorMinorRows(1))), { ...excelPart(await xlsxOf(majorMinorRows(1))), field: DTU_TASK_EXCEL_FIELD }];
      await leavesNothing(async () => expectRefusal(await edit(param, two), 400, M.excelOnlyOne));
    });
  });
});
