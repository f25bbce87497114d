import { type Envelope, type Factory, type LineOption, MSG, PATHS, type ProductionLine, type Page } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignLines, createFactory, createLine, unique } from '../../../test/line-factories.js';
import { bearer, client, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { createTerminal } from '../../../test/terminal-factories.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';

const PASSWORD = 'Passw0rdX';

describe.each(testDialects())('production lines on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await loginAsAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);

  /** Signs in a new sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<{ id: number; token: string }> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  const lineRow = (id: number) => db().selectFrom('production_line').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lineCount = async () =>
    Number((await db().selectFrom('production_line').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  async function addLine(payload: object): Promise<number> {
    const response = await post(PATHS.lineAdd, admin, payload);
    expect(response.json<Envelope<number>>()).toMatchObject({ code: 1, errorMsg: null });
    return response.json<Envelope<number>>().data;
  }
  /** Adds a line and disables it, the state in which it can be edited. */
  async function addDisabledLine(payload: object): Promise<number> {
    const id = await addLine(payload);
    await db().updateTable('production_line').set({ status: 0 }).where('id', '=', id).execute();
    return id;
  }

  describe('factory list', () => {
    it('lists the factories with all their lines, enabled or not, to any signed-in user', async () => {
      const factoryId = await createFactory(db());
      const on = await createLine(db(), { factoryId, lineName: '一号线', lineNum: 'L01' });
      const off = await createLine(db(), { factoryId, lineName: '二号线', lineNum: 'L02', status: 0 });
      const { token } = await userWith(null);
      const response = await get(PATHS.factoryList, token, { page: '1', pageSize: '0' });
      expect(response.statusCode).toBe(200);
      const page = response.json<Envelope<Page<Factory>>>().data;
      expect(page.pageSize).toBe(0);
      expect(page.total).toBe(page.list.length);
      expect(page.list[0]!.factoryName).toBe('默认工厂');
      expect(page.list.find((f) => f.id === factoryId)?.lineList).toEqual([
        { id: on, lineName: '一号线', lineNum: 'L01', status: 1 },
        { id: off, lineName: '二号线', lineNum: 'L02', status: 0 },
      ]);
    });

    it('pages the factories', async () => {
      await createFactory(db());
      await createFactory(db());
      const all = (await get(PATHS.factoryList, admin)).json<Envelope<Page<Factory>>>().data;
      const second = (await get(PATHS.factoryList, admin, { page: '2', pageSize: '1' })).json<Envelope<Page<Factory>>>().data;
      expect(second).toMatchObject({ total: all.total, pageSize: 1, pageNum: 2 });
      expect(second.list.map((f) => f.id)).toEqual([all.list[1]!.id]);
    });

    it('answers 401 without a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: PATHS.factoryList });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('lines a user may plan on (productionLine/getList)', () => {
    it('offers the platform administrator every enabled line', async () => {
      const on = await createLine(db());
      const off = await createLine(db(), { status: 0 });
      const options = (await get(PATHS.productionLineOptions, admin)).json<Envelope<LineOption[]>>().data;
      const ids = options.map((o) => o.id);
      expect(ids).toContain(on);
      expect(ids).not.toContain(off);
      const row = await lineRow(on);
      expect(options.find((o) => o.id === on)).toEqual({ id: on, lineName: row.lineName, lineNum: row.lineNum });
    });

    it('offers a sub-user only its own enabled lines', async () => {
      const mine = await createLine(db());
      const mineOff = await createLine(db(), { status: 0 });
      await createLine(db());
      const user = await userWith(null);
      await assignLines(db(), user.id, [mine, mineOff]);
      const response = await get(PATHS.productionLineOptions, user.token);
      expect(response.statusCode).toBe(200);
      expect(response.json<Envelope<LineOption[]>>().data.map((o) => o.id)).toEqual([mine]);
    });

    it('offers a sub-user without lines nothing', async () => {
      const user = await userWith(null);
      expect((await get(PATHS.productionLineOptions, user.token)).json<Envelope<LineOption[]>>().data).toEqual([]);
    });
  });

  describe('line list', () => {
    let factoryId: number;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      factoryId = await createFactory(db(), { factoryName: '列表工厂' });
      const base = Date.now();
      ids.a = await createLine(db(), { factoryId, lineName: '装配线A', lineNum: 'ASM_01', createTime: base - 3000 });
      ids.b = await createLine(db(), { factoryId, lineName: '包装线', lineNum: 'PKG01', status: 0, createTime: base - 2000 });
      ids.c = await createLine(db(), { factoryId, lineName: 'Test线', lineNum: 'ASMX01', createTime: base - 1000 });
    });
    const list = async (query: Record<string, string>) => {
      const response = await get(PATHS.lineList, admin, { factoryId: String(factoryId), ...query });
      expect(response.statusCode).toBe(200);
      return response.json<Envelope<Page<ProductionLine>>>().data;
    };

    it('lists the lines of a factory newest first, with the factory name and time', async () => {
      const page = await list({});
      expect(page).toMatchObject({ total: 3, pageSize: 10, pageNum: 1 });
      expect(page.list.map((l) => l.id)).toEqual([ids.c, ids.b, ids.a]);
      expect(page.list[2]).toMatchObject({ factoryId, factoryName: '列表工厂', lineName: '装配线A', lineNum: 'ASM_01', status: 1 });
      expect(page.list[2]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('filters by status', async () => {
      expect((await list({ status: '0' })).list.map((l) => l.id)).toEqual([ids.b]);
      expect((await list({ status: '1' })).list.map((l) => l.id)).toEqual([ids.c, ids.a]);
      expect((await list({ status: '' })).total).toBe(3);
    });

    it('searches name or code, ignoring case, taking _ literally', async () => {
      expect((await list({ searchContext: '包装' })).list.map((l) => l.id)).toEqual([ids.b]);
      expect((await list({ searchContext: 'asm' })).list.map((l) => l.id)).toEqual([ids.c, ids.a]);
      expect((await list({ searchContext: 'M_0' })).list.map((l) => l.id)).toEqual([ids.a]);
      expect((await list({ searchContext: 'test' })).list.map((l) => l.id)).toEqual([ids.c]);
      expect((await list({ searchContext: '  ' })).total).toBe(3);
      expect((await list({ searchContext: '%' })).total).toBe(0);
    });

    it('pages, and pageSize 0 answers every row', async () => {
      const second = await list({ page: '2', pageSize: '2' });
      expect(second).toMatchObject({ total: 3, pageSize: 2, pageNum: 2 });
      expect(second.list.map((l) => l.id)).toEqual([ids.a]);
      expect((await list({ pageSize: '0' })).list).toHaveLength(3);
    });

    it('lists every factory without a factory filter', async () => {
      const response = await get(PATHS.lineList, admin, { pageSize: '0' });
      expect(response.json<Envelope<Page<ProductionLine>>>().data.total).toBe(await lineCount());
    });
  });

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
        headers: { ...bearer(admin), 'content-type': 'application/x-www-form-urlencoded' },
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
      const response = await post(PATHS.lineAdd, admin, { ...valid(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
      expect(await lineCount()).toBe(before);
    });

    it('refuses an unknown factory with 请选择工厂', async () => {
      const response = await post(PATHS.lineAdd, admin, { ...valid(), factoryId: 999_999 });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(MSG.factoryRequired);
    });

    it('keeps line codes unique within a factory, not across factories', async () => {
      await addLine({ factoryId, lineName: '唯一线', lineNum: 'UNIQ01' });
      const before = await lineCount();
      const twice = await post(PATHS.lineAdd, admin, { factoryId, lineName: '另一线', lineNum: 'UNIQ01' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().errorMsg).toBe(MSG.lineNumTaken);
      expect(await lineCount()).toBe(before);
      const elsewhere = await post(PATHS.lineAdd, admin, { factoryId: await createFactory(db()), lineName: '另一线', lineNum: 'UNIQ01' });
      expect(elsewhere.json().code).toBe(1);
    });

    it('edits name, code and factory', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '旧名字', lineNum: 'OLD01' });
      const otherFactory = await createFactory(db());
      const response = await post(PATHS.lineEdit, admin, { id, factoryId: otherFactory, lineName: '新名字', lineNum: 'NEW01' });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await lineRow(id)).toMatchObject({ factoryId: otherFactory, lineName: '新名字', lineNum: 'NEW01', status: 0 });
    });

    it('refuses to edit an enabled line', async () => {
      const id = await addLine({ factoryId, lineName: '启用线', lineNum: 'ON01' });
      const response = await post(PATHS.lineEdit, admin, { id, factoryId, lineName: '启用线改', lineNum: 'ON02' });
      expect([response.statusCode, response.json().errorMsg]).toEqual([409, MSG.lineEnabledCannotEdit]);
      expect(await lineRow(id)).toMatchObject({ lineName: '启用线', lineNum: 'ON01', status: 1 });
    });

    it('lets an edit keep its own code but not take another line’s', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '甲线', lineNum: 'EDIT_A' });
      await addLine({ factoryId, lineName: '乙线', lineNum: 'EDIT_B' });
      expect((await post(PATHS.lineEdit, admin, { id, factoryId, lineName: '甲线改', lineNum: 'EDIT_A' })).json().code).toBe(1);
      const taken = await post(PATHS.lineEdit, admin, { id, factoryId, lineName: '甲线再改', lineNum: 'EDIT_B' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errorMsg).toBe(MSG.lineNumTaken);
      expect(await lineRow(id)).toMatchObject({ lineName: '甲线改', lineNum: 'EDIT_A' });
    });

    it('refuses an edit with an invalid field, an unknown factory or an unknown line', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
      const invalid = await post(PATHS.lineEdit, admin, { id, factoryId, lineName: '丙', lineNum: 'EDIT_C' });
      expect([invalid.statusCode, invalid.json().errorMsg]).toEqual([400, MSG.lineNameRule]);
      const noId = await post(PATHS.lineEdit, admin, { factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
      expect([noId.statusCode, noId.json().errorMsg]).toEqual([400, MSG.idRequired]);
      const noFactory = await post(PATHS.lineEdit, admin, { id, factoryId: 999_999, lineName: '丙线', lineNum: 'EDIT_C' });
      expect([noFactory.statusCode, noFactory.json().errorMsg]).toEqual([400, MSG.factoryRequired]);
      const unknown = await post(PATHS.lineEdit, admin, { id: 999_999, factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
      expect([unknown.statusCode, unknown.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
      expect(await lineRow(id)).toMatchObject({ factoryId, lineName: '丙线', lineNum: 'EDIT_C' });
    });

    it('puts adds and edits on record naming the line', async () => {
      const id = await addDisabledLine({ factoryId, lineName: '日志线', lineNum: 'LOG01' });
      await post(PATHS.lineEdit, admin, { id, factoryId, lineName: '日志线二', lineNum: 'LOG02' });
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
      post(PATHS.lineChangeStatus, admin, undefined, { id: String(id), status });

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
      expect((await post(PATHS.lineChangeStatus, admin, { id, status: 0 })).json().code).toBe(1);
      const form = await t.app.inject({
        method: 'POST',
        url: PATHS.lineChangeStatus,
        headers: { ...bearer(admin), 'content-type': 'application/x-www-form-urlencoded' },
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
      const response = await post(PATHS.lineChangeStatus, admin, undefined, query);
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, message]);
    });

    it('answers 404 for an unknown line', async () => {
      const response = await change(999_999, '1');
      expect([response.statusCode, response.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
    });
  });

  describe('deleting', () => {
    const remove = (id: number) => post(PATHS.lineDelete, admin, { id });

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
      const response = await post(PATHS.lineDelete, admin, {});
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.idRequired]);
    });
  });

  describe('permissions', () => {
    it('answers 403 to a user without the menu, before validation', async () => {
      const { token } = await userWith(['/account']);
      expect((await get(PATHS.lineList, token)).statusCode).toBe(403);
      const response = await post(PATHS.lineAdd, token, {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
    });

    it('answers 403 for each button the role lacks, before validation, and writes nothing', async () => {
      const { token } = await userWith(['/productionLine']);
      expect((await get(PATHS.lineList, token)).statusCode).toBe(200);
      const id = await createLine(db(), { status: 0 });
      const before = await lineCount();
      const calls = [
        post(PATHS.lineAdd, token, { factoryId: 1, lineName: '无权线', lineNum: 'NOPE01' }),
        post(PATHS.lineAdd, token, {}),
        post(PATHS.lineEdit, token, { id, factoryId: 1, lineName: '无权线', lineNum: 'NOPE01' }),
        post(PATHS.lineEdit, token, {}),
        post(PATHS.lineChangeStatus, token, undefined, { id: String(id), status: '1' }),
        post(PATHS.lineChangeStatus, token, undefined, { id: String(id), status: '0' }),
        post(PATHS.lineChangeStatus, token, { id, status: 1 }),
        post(PATHS.lineDelete, token, { id }),
        post(PATHS.lineDelete, token, {}),
      ];
      for (const response of await Promise.all(calls)) {
        expect([response.statusCode, response.json().errorMsg]).toEqual([403, MSG.noPermission]);
      }
      expect(await lineCount()).toBe(before);
      expect((await lineRow(id)).status).toBe(0);
    });

    it('lets each button through on its own: start without stop', async () => {
      const { token } = await userWith(['/productionLine', '/productionLine:start', '/productionLine:add', '/productionLine:edit']);
      const id = await createLine(db(), { status: 0 });
      const factoryId = await createFactory(db());
      const added = await post(PATHS.lineAdd, token, { factoryId, lineName: '授权线', lineNum: unique('P') });
      expect(added.json().code).toBe(1);
      const edited = await post(PATHS.lineEdit, token, { id, factoryId, lineName: '授权线二', lineNum: unique('P') });
      expect(edited.json().code).toBe(1);
      expect((await post(PATHS.lineChangeStatus, token, undefined, { id: String(id), status: '1' })).json().code).toBe(1);
      const stop = await post(PATHS.lineChangeStatus, token, undefined, { id: String(id), status: '0' });
      expect(stop.statusCode).toBe(403);
      expect((await post(PATHS.lineDelete, token, { id })).statusCode).toBe(403);
    });

    it('lets stop and delete through with their buttons', async () => {
      const { token } = await userWith(['/productionLine', '/productionLine:stop', '/productionLine:delete']);
      const id = await createLine(db());
      expect((await post(PATHS.lineChangeStatus, token, undefined, { id: String(id), status: '0' })).json().code).toBe(1);
      expect((await post(PATHS.lineDelete, token, { id })).json().code).toBe(1);
    });
  });
});
