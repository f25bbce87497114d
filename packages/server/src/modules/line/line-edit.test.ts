import { MSG, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignLines, createFactory, createLine, createTerminal, unique } from '../../../test/factories/index.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { lineApi } from '../../../test/line-api.js';

describe.each(testDialects())('production lines on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, post, userWith, lineRow, lineCount, addLine, addDisabledLine } = lineApi(t);

  describe('adding and editing', () => {
    let factoryId: number;
    beforeAll(async () => {
      factoryId = await createFactory(db());
    });

    it('adds an enabled line and answers its id', async () => {
      const id = await addLine({ factoryId, lineName: ' 新增_线1 ', lineNum: 'NEW_1' });
      expect(await lineRow(id)).toMatchObject({ factoryId, lineName: '新增_线1', lineNum: 'NEW_1', status: 1 });
    });

    it('accepts a form-encoded body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.lineAdd,
        headers: { ...bearer(t.admin), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `factoryId=${factoryId}&lineName=${encodeURIComponent('表单线')}&lineNum=FORM1`,
      });
      expect(response.json()).toMatchObject({ code: 1 });
    });

    const valid = () => ({ factoryId, lineName: '校验线', lineNum: unique('V') });
    it.each([
      [{ lineName: undefined }, MSG.lineNameRequired],
      [{ lineName: '   ' }, MSG.lineNameRequired],
      [{ lineName: '线' }, MSG.lineNameRule],
      [{ lineName: '一二三四五六七八九十一二三' }, MSG.lineNameRule],
      [{ lineName: '一号-线' }, MSG.lineNameRule],
      [{ lineNum: undefined }, MSG.lineNumRequired],
      [{ lineNum: '' }, MSG.lineNumRequired],
      [{ lineNum: 'L' }, MSG.lineNumRule],
      [{ lineNum: 'L1234567890AB' }, MSG.lineNumRule],
      [{ lineNum: '一号' }, MSG.lineNumRule],
      [{ lineNum: 'L-01' }, MSG.lineNumRule],
      [{ factoryId: undefined }, MSG.factoryRequired],
      [{ factoryId: 'abc' }, MSG.factoryRequired],
      [{ factoryId: 0 }, MSG.factoryRequired],
    ])('refuses %j with its message', async (change, message) => {
      const before = await lineCount();
      const response = await post(PATHS.lineAdd, t.admin, { ...valid(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
      expect(await lineCount()).toBe(before);
    });

    it('refuses an unknown factory with 请选择工厂', async () => {
      const response = await post(PATHS.lineAdd, t.admin, { ...valid(), factoryId: 999_999 });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.factoryRequired);
    });

    it('keeps line codes unique within a factory, not across factories', async () => {
      await addLine({ factoryId, lineName: '唯一线', lineNum: 'UNIQ01' });
      const before = await lineCount();
      const twice = await post(PATHS.lineAdd, t.admin, { factoryId, lineName: '另一线', lineNum: 'UNIQ01' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().errorMsg).toBe(MSG.lineNumTaken);
      expect(await lineCount()).toBe(before);
      const elsewhere = await post(PATHS.lineAdd, t.admin, { factoryId: await createFactory(db()), lineName: '另一线', lineNum: 'UNIQ01' });
      expect(elsewhere.json().code).toBe(1);
    });

    it('edits name, code and factory', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '旧名字', lineNum: 'OLD01' });
      const otherFactory = await createFactory(db());
      const response = await post(PATHS.lineEdit, t.admin, { id, factoryId: otherFactory, lineName: '新名字', lineNum: 'NEW01' });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await lineRow(id)).toMatchObject({ factoryId: otherFactory, lineName: '新名字', lineNum: 'NEW01', status: 0 });
    });

    it('refuses to edit an enabled line', async () => {
      const id = await addLine({ factoryId, lineName: '启用线', lineNum: 'ON01' });
      const response = await post(PATHS.lineEdit, t.admin, { id, factoryId, lineName: '启用线改', lineNum: 'ON02' });
      expect([response.statusCode, response.json().errorMsg]).toEqual([409, MSG.lineEnabledCannotEdit]);
      expect(await lineRow(id)).toMatchObject({ lineName: '启用线', lineNum: 'ON01', status: 1 });
    });

    it('lets an edit keep its own code but not take another line’s', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '甲线', lineNum: 'EDIT_A' });
      await addLine({ factoryId, lineName: '乙线', lineNum: 'EDIT_B' });
      expect((await post(PATHS.lineEdit, t.admin, { id, factoryId, lineName: '甲线改', lineNum: 'EDIT_A' })).json().code).toBe(1);
      const taken = await post(PATHS.lineEdit, t.admin, { id, factoryId, lineName: '甲线再改', lineNum: 'EDIT_B' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errorMsg).toBe(MSG.lineNumTaken);
      expect(await lineRow(id)).toMatchObject({ lineName: '甲线改', lineNum: 'EDIT_A' });
    });

    it('refuses an edit with an invalid field, an unknown factory or an unknown line', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
      const invalid = await post(PATHS.lineEdit, t.admin, { id, factoryId, lineName: '丙', lineNum: 'EDIT_C' });
      expect([invalid.statusCode, invalid.json().errorMsg]).toEqual([400, MSG.lineNameRule]);
      const noId = await post(PATHS.lineEdit, t.admin, { factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
      expect([noId.statusCode, noId.json().errorMsg]).toEqual([400, MSG.idRequired]);
      const noFactory = await post(PATHS.lineEdit, t.admin, { id, factoryId: 999_999, lineName: '丙线', lineNum: 'EDIT_C' });
      expect([noFactory.statusCode, noFactory.json().errorMsg]).toEqual([400, MSG.factoryRequired]);
      const unknown = await post(PATHS.lineEdit, t.admin, { id: 999_999, factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
      expect([unknown.statusCode, unknown.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
      expect(await lineRow(id)).toMatchObject({ factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
    });

    it('puts adds and edits on record naming the line', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '日志线', lineNum: 'LOG01' });
      await post(PATHS.lineEdit, t.admin, { id, factoryId, lineName: '日志线二', lineNum: 'LOG02' });
      // the record is written once the answer is sent, so it may trail the answer a little
      const records = () =>
        db()
          .selectFrom('operation_log')
          .select(['route', 'targetId', 'summary', 'statusCode', 'userName'])
          .where('targetId', '=', String(id))
          .orderBy('id')
          .execute();
      await expect.poll(records).toEqual([
        { route: PATHS.lineAdd, targetId: String(id), summary: '新增产线 日志线(LOG01)', statusCode: 200, userName: 'admin' },
        { route: PATHS.lineEdit, targetId: String(id), summary: '编辑产线 日志线(LOG01) → 日志线二(LOG02)', statusCode: 200, userName: 'admin' },
      ]);
    });
  });

  describe('enabling and disabling', () => {
    const change = (id: number, status: string) =>
      post(PATHS.lineChangeStatus, t.admin, undefined, { id: String(id), status });

    it('disables an enabled line and enables a disabled one, refusing a change to the same state', async () => {
      const id = await createLine(db());
      const stop = await change(id, '0');
      expect(stop.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect((await lineRow(id)).status).toBe(0);

      const stopAgain = await change(id, '0');
      expect([stopAgain.statusCode, stopAgain.json().errorMsg]).toEqual([409, MSG.lineAlreadyDisabled]);

      expect((await change(id, '1')).json().code).toBe(1);
      expect((await lineRow(id)).status).toBe(1);

      const startAgain = await change(id, '1');
      expect([startAgain.statusCode, startAgain.json().errorMsg]).toEqual([409, MSG.lineAlreadyEnabled]);
      expect((await lineRow(id)).status).toBe(1);
    });

    it('takes id and status from a JSON or form body too', async () => {
      const id = await createLine(db());
      expect((await post(PATHS.lineChangeStatus, t.admin, { id, status: 0 })).json().code).toBe(1);
      const form = await t.app.inject({
        method: 'POST',
        url: PATHS.lineChangeStatus,
        headers: { ...bearer(t.admin), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${id}&status=1`,
      });
      expect(form.json().code).toBe(1);
      expect((await lineRow(id)).status).toBe(1);
    });

    it('records which line was enabled or disabled', async () => {
      const id = await createLine(db(), { lineName: '状态线', lineNum: 'STAT01' });
      await change(id, '0');
      const summaries = () =>
        db()
          .selectFrom('operation_log')
          .select('summary')
          .where('route', '=', PATHS.lineChangeStatus)
          .where('targetId', '=', String(id))
          .execute();
      await expect.poll(summaries).toEqual([{ summary: '停用产线 状态线(STAT01)' }]);
    });

    it.each([
      [{ id: '1', status: '2' }, MSG.statusRule],
      [{ id: '1', status: '' }, MSG.statusRule],
      [{ id: '1' }, MSG.statusRule],
      [{ status: '1' }, MSG.idRequired],
      [{ id: 'x', status: '1' }, MSG.idRequired],
    ])('refuses %j with its message', async (query, message) => {
      const response = await post(PATHS.lineChangeStatus, t.admin, undefined, query);
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, message]);
    });

    it('answers 404 for an unknown line', async () => {
      const response = await change(999_999, '1');
      expect([response.statusCode, response.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
    });
  });

  describe('deleting', () => {
    const remove = (id: number) => post(PATHS.lineDelete, t.admin, { id });

    it('deletes a disabled line with no terminals, with its user assignments', async () => {
      const id = await createLine(db(), { status: 0 });
      const user = await userWith(null);
      await assignLines(db(), user.id, [id]);
      expect((await remove(id)).json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await db().selectFrom('production_line').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('account_line').select('lineId').where('lineId', '=', id).execute()).toEqual([]);
      const again = await remove(id);
      expect([again.statusCode, again.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
    });

    it('refuses an enabled line', async () => {
      const id = await createLine(db());
      const response = await remove(id);
      expect([response.statusCode, response.json().errorMsg]).toEqual([409, MSG.lineEnabledCannotDelete]);
      expect((await lineRow(id)).status).toBe(1);
    });

    it('refuses a line that still has terminals', async () => {
      const id = await createLine(db(), { status: 0 });
      await createTerminal(db(), { lineId: id, status: 0 });
      const response = await remove(id);
      expect([response.statusCode, response.json().errorMsg]).toEqual([409, MSG.lineHasTerminals]);
      expect(await lineRow(id)).toBeDefined();
    });

    it('refuses a missing id', async () => {
      const response = await post(PATHS.lineDelete, t.admin, {});
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.idRequired]);
    });
  });
});
