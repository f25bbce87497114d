import { type Envelope, MSG, PATHS, type TerminalList } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignLines, createLine, unique } from '../../../test/line-factories.js';
import { client, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { createPublishedProduct, insertTask } from '../../../test/task-factories.js';
import { categoryIdOf, createTerminal } from '../../../test/terminal-factories.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';

const PASSWORD = 'Passw0rdX';

function harness() {
  const state = {} as { t: TestApp; admin: string };
  const db = () => dbOf(state.t.app);
  const { get, post, postForm } = client(() => state.t.app);
  /** Signs in a new sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<{ id: number; token: string; userName: string }> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, userName, token: (await loginAs(state.t.app, userName, PASSWORD)).token };
  }
  return { state, db, get, post, postForm, userWith };
}

describe.each(testDialects())('terminals on %s', (dialect) => {
  const { state, db, get, post, postForm, userWith } = harness();
  const categories: Record<string, number> = {};
  let admin: string;
  beforeAll(async () => {
    state.t = await buildTestApp(dialect);
    admin = state.admin = (await loginAsAdmin(state.t.app)).token;
    for (const name of ['21.5寸平板', '15寸平板', '11.5寸平板', '手持机']) categories[name] = await categoryIdOf(db(), name);
  });
  afterAll(() => state.t.close());

  const terminal = (id: number) => db().selectFrom('terminal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const terminalCount = async () =>
    Number((await db().selectFrom('terminal').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  describe('categories', () => {
    it('maps id to name in display order, by type or all, for any signed-in user', async () => {
      const { token } = await userWith(null);
      const all = await get(PATHS.terminalCategory, token);
      expect(all.statusCode).toBe(200);
      const map = all.json<Envelope<Record<string, string>>>().data;
      expect(Object.values(map)).toEqual(['21.5寸平板', '15寸平板', '11.5寸平板', '手持机']);
      expect(map[String(categories['手持机'])]).toBe('手持机');
      const pad = (await get(PATHS.terminalCategory, token, { terminalType: 'PAD' })).json<Envelope<Record<string, string>>>().data;
      expect(Object.values(pad)).toEqual(['21.5寸平板', '15寸平板', '11.5寸平板']);
      const pda = (await get(PATHS.terminalCategory, token, { terminalType: 'PDA' })).json<Envelope<Record<string, string>>>().data;
      expect(pda).toEqual({ [String(categories['手持机'])]: '手持机' });
    });

    it('refuses an unknown terminal type', async () => {
      const response = await get(PATHS.terminalCategory, admin, { terminalType: 'TV' });
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.terminalTypeRequired]);
    });
  });

  describe('registering', () => {
    const add = (payload: object) => post(PATHS.terminalAdd, admin, payload);
    const addOk = async (payload: object) => {
      const response = await add(payload);
      expect(response.json()).toMatchObject({ code: 1, errorMsg: null });
      return response.json<Envelope<number>>().data;
    };
    const pad = () => ({ terminalCode: unique('PAD-'), terminalName: '平板一号', terminalType: 'PAD', categoryId: categories['15寸平板'] });

    it('registers an unused PAD of the admin’s tenant', async () => {
      const id = await addOk({ ...pad(), terminalCode: 'PAD_0001', terminalName: ' 平板A1 ' });
      const admin = await db().selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
      expect(await terminal(id)).toMatchObject({
        terminalCode: 'PAD_0001',
        terminalName: '平板A1',
        terminalType: 'PAD',
        categoryId: categories['15寸平板'],
        lineId: null,
        status: 0,
        taskId: null,
        ownerId: admin.id,
      });
    });

    it('registers a PAD idle on an enabled line', async () => {
      const lineId = await createLine(db());
      const id = await addOk({ ...pad(), lineId });
      expect(await terminal(id)).toMatchObject({ lineId, status: 4 });
    });

    it('gives a PDA the handheld model when none is given', async () => {
      const id = await addOk({ terminalCode: unique('PDA'), terminalName: '手持一号', terminalType: 'PDA' });
      expect(await terminal(id)).toMatchObject({ terminalType: 'PDA', categoryId: categories['手持机'], status: 0, lineId: null });
      const named = await addOk({
        terminalCode: unique('PDA'),
        terminalName: '手持二号',
        terminalType: 'PDA',
        categoryId: categories['手持机'],
      });
      expect((await terminal(named)).categoryId).toBe(categories['手持机']);
    });

    it.each([
      [{ terminalCode: undefined }, MSG.terminalCodeRequired],
      [{ terminalCode: '  ' }, MSG.terminalCodeRequired],
      [{ terminalCode: '终端01' }, MSG.terminalCodeRule],
      [{ terminalCode: 'A'.repeat(33) }, MSG.terminalCodeRule],
      [{ terminalName: undefined }, MSG.terminalNameRequired],
      [{ terminalName: '' }, MSG.terminalNameRequired],
      [{ terminalName: '一二三四五六七八九十一二三四五六七' }, MSG.terminalNameTooLong],
      [{ terminalName: 'pad#1' }, MSG.terminalNameRule],
      [{ terminalName: 'pad 1' }, MSG.terminalNameRule],
      [{ terminalType: undefined }, MSG.terminalTypeRequired],
      [{ terminalType: 'PHONE' }, MSG.terminalTypeRequired],
    ])('refuses %j with its message', async (change, message) => {
      const before = await terminalCount();
      const response = await add({ ...pad(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
      expect(await terminalCount()).toBe(before);
    });

    it('takes a 16-character name', async () => {
      await addOk({ ...pad(), terminalName: '一二三四五六七八九十ABCDE6' });
    });

    it('refuses a PAD without a PAD model, and a PDA with a PAD model', async () => {
      const cases = [
        { ...pad(), categoryId: undefined },
        { ...pad(), categoryId: categories['手持机'] },
        { ...pad(), categoryId: 999_999 },
        { terminalCode: unique('PDA'), terminalName: '手持', terminalType: 'PDA', categoryId: categories['21.5寸平板'] },
      ];
      for (const payload of cases) {
        const response = await add(payload);
        expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.terminalCategoryRequired]);
      }
    });

    it('refuses a line for a PDA, an unknown line and a disabled line', async () => {
      const enabled = await createLine(db());
      const disabled = await createLine(db(), { status: 0 });
      const before = await terminalCount();
      const pda = await add({ terminalCode: unique('PDA'), terminalName: '手持', terminalType: 'PDA', lineId: enabled });
      expect([pda.statusCode, pda.json().errorMsg]).toEqual([400, MSG.pdaHasNoLine]);
      const unknown = await add({ ...pad(), lineId: 999_999 });
      expect([unknown.statusCode, unknown.json().errorMsg]).toEqual([400, MSG.lineNotOffered]);
      const off = await add({ ...pad(), lineId: disabled });
      expect([off.statusCode, off.json().errorMsg]).toEqual([400, MSG.lineDisabledCannotBind]);
      expect(await terminalCount()).toBe(before);
    });

    it('keeps terminal codes unique', async () => {
      await addOk({ ...pad(), terminalCode: 'DUP-01' });
      const before = await terminalCount();
      const again = await add({ terminalCode: 'DUP-01', terminalName: '手持', terminalType: 'PDA' });
      expect([again.statusCode, again.json().errorMsg]).toEqual([409, MSG.terminalCodeTaken]);
      expect(await terminalCount()).toBe(before);
    });

    it('puts the registration on record', async () => {
      const id = await addOk({ ...pad(), terminalCode: 'LOG-PAD-1', terminalName: '日志平板' });
      const records = () =>
        db().selectFrom('operation_log').select(['route', 'summary', 'statusCode']).where('targetId', '=', String(id)).execute();
      await expect.poll(records).toEqual([{ route: PATHS.terminalAdd, summary: '新增终端 PAD 日志平板(LOG-PAD-1)', statusCode: 200 }]);
    });
  });

  describe('editing', () => {
    const edit = (form: Record<string, string>) => postForm(PATHS.terminalEdit, admin, form);
    const expectOk = async (form: Record<string, string>) => {
      const response = await edit(form);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
    };

    it('renames an unused PAD and puts it on a line, making it idle', async () => {
      const id = await createTerminal(db());
      const lineId = await createLine(db());
      await expectOk({ terminalId: String(id), terminalName: '改名平板', terminalType: 'PAD' });
      expect(await terminal(id)).toMatchObject({ terminalName: '改名平板', status: 0, lineId: null });
      await expectOk({ terminalId: String(id), terminalName: '改名平板', terminalType: 'PAD', lineId: String(lineId) });
      expect(await terminal(id)).toMatchObject({ status: 4, lineId });
    });

    it('moves an idle PAD to another line, and takes it off its line when none is sent', async () => {
      const from = await createLine(db());
      const to = await createLine(db());
      const id = await createTerminal(db(), { lineId: from });
      await expectOk({ terminalId: String(id), terminalName: '移动平板', terminalType: 'PAD', lineId: String(to) });
      expect(await terminal(id)).toMatchObject({ status: 4, lineId: to });
      await expectOk({ terminalId: String(id), terminalName: '移动平板', terminalType: 'PAD', lineId: '' });
      expect(await terminal(id)).toMatchObject({ status: 0, lineId: null });
    });

    it('accepts JSON too', async () => {
      const id = await createTerminal(db());
      const response = await post(PATHS.terminalEdit, admin, { terminalId: id, terminalName: 'JSON平板', terminalType: 'PAD' });
      expect(response.json().code).toBe(1);
      expect((await terminal(id)).terminalName).toBe('JSON平板');
    });

    it('refuses to move an idle PAD to a disabled or unknown line, but lets it stay on its own disabled line', async () => {
      const line = await createLine(db());
      const disabled = await createLine(db(), { status: 0 });
      const id = await createTerminal(db(), { lineId: line });
      const off = await edit({ terminalId: String(id), terminalName: '停用平板', terminalType: 'PAD', lineId: String(disabled) });
      expect([off.statusCode, off.json().errorMsg]).toEqual([400, MSG.lineDisabledCannotBind]);
      const unknown = await edit({ terminalId: String(id), terminalName: '停用平板', terminalType: 'PAD', lineId: '999999' });
      expect([unknown.statusCode, unknown.json().errorMsg]).toEqual([400, MSG.lineNotOffered]);
      expect(await terminal(id)).toMatchObject({ lineId: line, status: 4 });

      await db().updateTable('production_line').set({ status: 0 }).where('id', '=', line).execute();
      await expectOk({ terminalId: String(id), terminalName: '停用平板', terminalType: 'PAD', lineId: String(line) });
      expect(await terminal(id)).toMatchObject({ terminalName: '停用平板', lineId: line, status: 4 });
    });

    it.each([2, 3])('keeps a PAD on a task (status %i) on its line: another line is 409, none or the same renames', async (status) => {
      const line = await createLine(db());
      const other = await createLine(db());
      const id = await createTerminal(db(), { lineId: line, status, taskId: 7, flowId: 8 });
      const moved = await edit({ terminalId: String(id), terminalName: '任务平板', terminalType: 'PAD', lineId: String(other) });
      expect([moved.statusCode, moved.json().errorMsg]).toEqual([409, MSG.terminalBusyLine]);
      expect(await terminal(id)).toMatchObject({ lineId: line, status, terminalName: expect.not.stringMatching('任务平板') });

      await expectOk({ terminalId: String(id), terminalName: '任务平板', terminalType: 'PAD' });
      expect(await terminal(id)).toMatchObject({ terminalName: '任务平板', lineId: line, status, taskId: 7, flowId: 8 });
      await expectOk({ terminalId: String(id), terminalName: '任务平板二', terminalType: 'PAD', lineId: String(line) });
      expect(await terminal(id)).toMatchObject({ terminalName: '任务平板二', lineId: line, status });
    });

    it('renames a PDA and refuses a line for it', async () => {
      const line = await createLine(db());
      const id = await createTerminal(db(), { terminalType: 'PDA', status: 1 });
      await expectOk({ terminalId: String(id), terminalName: '手持改名', terminalType: 'PDA' });
      expect(await terminal(id)).toMatchObject({ terminalName: '手持改名', status: 1, lineId: null });
      const withLine = await edit({ terminalId: String(id), terminalName: '手持再改', terminalType: 'PDA', lineId: String(line) });
      expect([withLine.statusCode, withLine.json().errorMsg]).toEqual([400, MSG.pdaHasNoLine]);
      expect((await terminal(id)).terminalName).toBe('手持改名');
    });

    it.each([
      [{ terminalName: '' }, MSG.terminalNameRequired],
      [{ terminalName: '一二三四五六七八九十一二三四五六七' }, MSG.terminalNameTooLong],
      [{ terminalName: '平板@1' }, MSG.terminalNameRule],
      [{ terminalId: '' }, MSG.idRequired],
      [{ terminalType: '' }, MSG.terminalTypeRequired],
    ])('refuses %j with its message', async (change, message) => {
      const id = await createTerminal(db(), { terminalName: '原名' });
      const response = await edit({ terminalId: String(id), terminalName: '新名', terminalType: 'PAD', ...change });
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, message]);
      expect((await terminal(id)).terminalName).toBe('原名');
    });

    it('answers 404 for an unknown terminal or a terminal of the other type', async () => {
      const unknown = await edit({ terminalId: '999999', terminalName: '新名', terminalType: 'PAD' });
      expect([unknown.statusCode, unknown.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
      const id = await createTerminal(db(), { terminalType: 'PDA' });
      const wrongType = await edit({ terminalId: String(id), terminalName: '新名', terminalType: 'PAD' });
      expect(wrongType.statusCode).toBe(404);
    });
  });

  describe('unbinding', () => {
    const unbind = (query: Record<string, string>) => post(PATHS.terminalUnbind, admin, undefined, query);

    it('returns a PAD on a task to unused: no line, task, flow or worker', async () => {
      const line = await createLine(db());
      const { id: worker } = await userWith(null);
      const id = await createTerminal(db(), { lineId: line, status: 2, taskId: 5, flowId: 6, workerId: worker });
      const response = await unbind({ terminalId: String(id), terminalType: 'PAD' });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await terminal(id)).toMatchObject({ status: 0, lineId: null, taskId: null, flowId: null, workerId: null });
    });

    it('unbinds an idle PAD and a used PDA, taking the ids from a body too', async () => {
      const idle = await createTerminal(db(), { lineId: await createLine(db()) });
      expect((await post(PATHS.terminalUnbind, admin, { terminalId: idle, terminalType: 'PAD' })).json().code).toBe(1);
      expect(await terminal(idle)).toMatchObject({ status: 0, lineId: null });
      const pda = await createTerminal(db(), { terminalType: 'PDA', status: 1 });
      expect((await postForm(PATHS.terminalUnbind, admin, { terminalId: String(pda), terminalType: 'PDA' })).json().code).toBe(1);
      expect((await terminal(pda)).status).toBe(0);
    });

    it('refuses an unused terminal', async () => {
      const id = await createTerminal(db());
      const response = await unbind({ terminalId: String(id), terminalType: 'PAD' });
      expect([response.statusCode, response.json().errorMsg]).toEqual([409, MSG.terminalAlreadyUnused]);
    });

    it('refuses missing or wrong input, and unknown terminals', async () => {
      const noId = await unbind({ terminalType: 'PAD' });
      expect([noId.statusCode, noId.json().errorMsg]).toEqual([400, MSG.idRequired]);
      const noType = await unbind({ terminalId: '1' });
      expect([noType.statusCode, noType.json().errorMsg]).toEqual([400, MSG.terminalTypeRequired]);
      const unknown = await unbind({ terminalId: '999999', terminalType: 'PAD' });
      expect([unknown.statusCode, unknown.json().errorMsg]).toEqual([404, MSG.recordNotFound]);
      const pda = await createTerminal(db(), { terminalType: 'PDA', status: 1 });
      const wrongType = await unbind({ terminalId: String(pda), terminalType: 'PAD' });
      expect(wrongType.statusCode).toBe(404);
      expect((await terminal(pda)).status).toBe(1);
    });

    it('records which terminal was unbound', async () => {
      const id = await createTerminal(db(), { terminalName: '解绑平板', terminalCode: 'UNB-1', lineId: await createLine(db()) });
      await unbind({ terminalId: String(id), terminalType: 'PAD' });
      const records = () =>
        db()
          .selectFrom('operation_log')
          .select('summary')
          .where('route', '=', PATHS.terminalUnbind)
          .where('targetId', '=', String(id))
          .execute();
      await expect.poll(records).toEqual([{ summary: '解绑终端 解绑平板(UNB-1)' }]);
    });
  });

  describe('permissions', () => {
    it('answers 403 to a user without the menu', async () => {
      const { token } = await userWith(['/account']);
      expect((await get(PATHS.terminalList, token)).statusCode).toBe(403);
    });

    it('answers 403 for each button the role lacks, before validation, and changes nothing', async () => {
      const { token } = await userWith(['/terminalManage']);
      expect((await get(PATHS.terminalList, token)).statusCode).toBe(200);
      const id = await createTerminal(db(), { lineId: await createLine(db()), terminalName: '原名' });
      const before = await terminalCount();
      const calls = [
        post(PATHS.terminalAdd, token, { terminalCode: unique('X'), terminalName: '无权', terminalType: 'PDA' }),
        post(PATHS.terminalAdd, token, {}),
        post(PATHS.terminalEdit, token, { terminalId: id, terminalName: '无权', terminalType: 'PAD' }),
        post(PATHS.terminalEdit, token, {}),
        post(PATHS.terminalUnbind, token, undefined, { terminalId: String(id), terminalType: 'PAD' }),
        post(PATHS.terminalUnbind, token),
      ];
      for (const response of await Promise.all(calls)) {
        expect([response.statusCode, response.json().errorMsg]).toEqual([403, MSG.noPermission]);
      }
      expect(await terminalCount()).toBe(before);
      expect(await terminal(id)).toMatchObject({ terminalName: '原名', status: 4 });
    });

    it('lets each button through', async () => {
      const { token } = await userWith(['/terminalManage', '/terminalManage:add', '/terminalManage:edit', '/terminalManage:unbind']);
      const added = await post(PATHS.terminalAdd, token, { terminalCode: unique('Y'), terminalName: '有权', terminalType: 'PDA' });
      expect(added.json().code).toBe(1);
      const id = added.json<Envelope<number>>().data;
      expect((await post(PATHS.terminalEdit, token, { terminalId: id, terminalName: '有权改', terminalType: 'PDA' })).json().code).toBe(1);
      await db().updateTable('terminal').set({ status: 1 }).where('id', '=', id).execute();
      const unbound = await post(PATHS.terminalUnbind, token, undefined, { terminalId: String(id), terminalType: 'PDA' });
      expect(unbound.json().code).toBe(1);
    });
  });
});

// The list gets a database of its own so its counters count only what it made.
describe.each(testDialects())('terminal list on %s', (dialect) => {
  const { state, db, get, userWith } = harness();
  const ids: Record<string, number> = {};
  const lines: Record<string, number> = {};
  let admin: string;
  let worker: string;
  let small: number;
  beforeAll(async () => {
    state.t = await buildTestApp(dialect);
    admin = state.admin = (await loginAsAdmin(state.t.app)).token;
    small = await categoryIdOf(db(), '11.5寸平板');
    lines.one = await createLine(db(), { lineName: '一号线' });
    lines.two = await createLine(db(), { lineName: '二号线' });
    await createLine(db(), { lineName: '空线' });
    const user = await userWith(null);
    worker = user.userName;
    ids.f1 = await createTerminal(db(), { terminalName: 'Free甲', terminalCode: 'PF01' });
    ids.f2 = await createTerminal(db(), { terminalName: 'Free乙', terminalCode: 'PF02', category: '15寸平板' });
    ids.i1 = await createTerminal(db(), { terminalName: 'Idle甲', terminalCode: 'PI01', lineId: lines.one });
    ids.o1 = await createTerminal(db(), {
      terminalName: 'Ovr甲',
      terminalCode: 'PO01',
      category: '15寸平板',
      lineId: lines.one,
      status: 2,
      taskId: 11,
      flowId: 21,
      workerId: user.id,
    });
    const onLineTwo = { category: '11.5寸平板', lineId: lines.two };
    ids.o2 = await createTerminal(db(), { ...onLineTwo, terminalName: 'Ovr乙', terminalCode: 'PO02', status: 2, taskId: 12 });
    ids.p1 = await createTerminal(db(), { ...onLineTwo, terminalName: 'Part甲', terminalCode: 'PP01', status: 3, taskId: 13 });
    ids.d1 = await createTerminal(db(), { terminalType: 'PDA', terminalName: 'Pda甲', terminalCode: 'DA01' });
    ids.d2 = await createTerminal(db(), { terminalType: 'PDA', terminalName: 'Pda乙', terminalCode: 'DB01', status: 1 });
    ids.d3 = await createTerminal(db(), { terminalType: 'PDA', terminalName: 'Pda丙', terminalCode: 'DB02', status: 1 });
  });
  afterAll(() => state.t.close());

  const list = async (query: Record<string, string> = {}) => {
    const response = await get(PATHS.terminalList, admin, query);
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<TerminalList>>().data;
  };
  const padIds = (pads: { padId: number }[]) => pads.map((pad) => pad.padId);
  const groups = (data: TerminalList) => data.taskLineList.map((group) => [group.lineId, padIds(group.linePadList)]);
  const counters = (data: TerminalList) => {
    const { total, freeCount, usedCount, noTaskCount, overallCheckCount, partsCheckCount } = data;
    return { total, freeCount, usedCount, noTaskCount, overallCheckCount, partsCheckCount };
  };
  const padCounters = { total: 6, freeCount: 2, usedCount: 4, noTaskCount: 1, overallCheckCount: 2, partsCheckCount: 1 };

  it('shows the PAD tab: unused PADs, one group per line with PADs, and the counters', async () => {
    const data = await list();
    expect(padIds(data.freePadList)).toEqual([ids.f1, ids.f2]);
    expect(groups(data)).toEqual([
      [lines.one, [ids.i1, ids.o1]],
      [lines.two, [ids.o2, ids.p1]],
    ]);
    expect(data.taskLineList.map(({ linePadList: _, ...group }) => group)).toEqual([
      { lineId: lines.one, lineName: '一号线', taskId: 11, productType: null, productNumber: null },
      { lineId: lines.two, lineName: '二号线', taskId: 12, productType: null, productNumber: null },
    ]);
    expect(counters(data)).toEqual(padCounters);
    expect(data.pdaFreeList).toEqual([]);
    expect(data.pdaUsedList).toEqual([]);
  });

  it('describes each PAD', async () => {
    const data = await list({ terminalType: 'PAD' });
    expect(data.taskLineList[0]!.linePadList[1]).toEqual({
      padId: ids.o1,
      padName: 'Ovr甲',
      padCode: 'PO01',
      terminalType: 'PAD',
      status: 2,
      categoryId: await categoryIdOf(db(), '15寸平板'),
      category: '15寸平板',
      belongTaskType: 2,
      productNumber: null,
      productType: null,
      dtuType: null,
      padFlow: null,
      fittingType: null,
      taskName: null,
      padWorker: worker,
      lineId: lines.one,
      lineName: '一号线',
      taskId: 11,
    });
    expect(data.freePadList[0]).toMatchObject({
      padId: ids.f1,
      status: 0,
      belongTaskType: null,
      lineId: null,
      lineName: null,
      padWorker: null,
      taskId: null,
      category: '21.5寸平板',
    });
    expect(data.taskLineList[0]!.linePadList[0]).toMatchObject({ padId: ids.i1, status: 4, belongTaskType: 4, taskId: null });
    expect(data.taskLineList[1]!.linePadList[1]).toMatchObject({ padId: ids.p1, belongTaskType: 3 });
  });

  it('filters by status without changing the counters', async () => {
    const overall = await list({ status: '2' });
    expect(overall.freePadList).toEqual([]);
    expect(groups(overall)).toEqual([
      [lines.one, [ids.o1]],
      [lines.two, [ids.o2]],
    ]);
    expect(counters(overall)).toEqual(padCounters);

    const unused = await list({ status: '0' });
    expect(padIds(unused.freePadList)).toEqual([ids.f1, ids.f2]);
    expect(unused.taskLineList).toEqual([]);

    expect(groups(await list({ status: '4' }))).toEqual([[lines.one, [ids.i1]]]);
    expect(groups(await list({ status: '3' }))).toEqual([[lines.two, [ids.p1]]]);
    expect(counters(await list({ status: '' }))).toEqual(padCounters);
  });

  it('searches by line, by name or code and by model, counting what matches', async () => {
    const two = await list({ lineId: String(lines.two) });
    expect(two.freePadList).toEqual([]);
    expect(groups(two)).toEqual([[lines.two, [ids.o2, ids.p1]]]);
    expect(counters(two)).toEqual({ total: 2, freeCount: 0, usedCount: 2, noTaskCount: 0, overallCheckCount: 1, partsCheckCount: 1 });

    const byName = await list({ padKey: 'idle' });
    expect(groups(byName)).toEqual([[lines.one, [ids.i1]]]);
    expect(counters(byName)).toMatchObject({ total: 1, noTaskCount: 1 });
    expect(groups(await list({ padKey: 'PO0' }))).toEqual([
      [lines.one, [ids.o1]],
      [lines.two, [ids.o2]],
    ]);
    expect(padIds((await list({ padKey: '乙' })).freePadList)).toEqual([ids.f2]);

    const model = await list({ categoryId: String(small) });
    expect(groups(model)).toEqual([[lines.two, [ids.o2, ids.p1]]]);
    expect(counters(model)).toMatchObject({ total: 2, freeCount: 0 });

    const combined = await list({ categoryId: String(small), padKey: 'part', status: '3' });
    expect(groups(combined)).toEqual([[lines.two, [ids.p1]]]);
    expect(counters(combined)).toMatchObject({ total: 1, partsCheckCount: 1 });
  });

  it('shows the PDA tab: unused and used', async () => {
    const data = await list({ terminalType: 'PDA' });
    expect(padIds(data.pdaFreeList)).toEqual([ids.d1]);
    expect(padIds(data.pdaUsedList)).toEqual([ids.d2, ids.d3]);
    expect(counters(data)).toEqual({ total: 3, freeCount: 1, usedCount: 2, noTaskCount: 0, overallCheckCount: 0, partsCheckCount: 0 });
    expect(data.freePadList).toEqual([]);
    expect(data.taskLineList).toEqual([]);
    expect(data.pdaUsedList[0]).toMatchObject({ terminalType: 'PDA', category: '手持机', belongTaskType: null, status: 1 });

    const used = await list({ terminalType: 'PDA', status: '1' });
    expect(used.pdaFreeList).toEqual([]);
    expect(padIds(used.pdaUsedList)).toEqual([ids.d2, ids.d3]);
    expect(counters(used)).toMatchObject({ total: 3, freeCount: 1, usedCount: 2 });
    expect(padIds((await list({ terminalType: 'PDA', padKey: 'db02' })).pdaUsedList)).toEqual([ids.d3]);
  });

  it('refuses an unknown terminal type', async () => {
    const response = await get(PATHS.terminalList, admin, { terminalType: 'TV' });
    expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.terminalTypeRequired]);
  });
});

describe.each(testDialects())('PADs on production tasks in the terminal list on %s', (dialect) => {
  const { state, db, get } = harness();
  beforeAll(async () => {
    state.t = await buildTestApp(dialect);
    state.admin = (await loginAsAdmin(state.t.app)).token;
  });
  afterAll(() => state.t.close());

  it('names the task’s model, type and flow for overall check only, never for a parts-check PAD with the same task id', async () => {
    const lineId = await createLine(db(), { lineName: '任务线' });
    const product = await createPublishedProduct(db(), { flows: 1 });
    const taskId = await insertTask(db(), { productId: product.productId, lineIds: [lineId], status: 'START' });
    const flow = await db()
      .insertInto('task_flow')
      .values({ taskId, sourceFlowId: product.flowIds[0]!, name: '整机终检', sequence: 1, bindMac: 0, flowType: 'OVERALL_CHECK', pdfFileId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const overall = await createTerminal(db(), { lineId, status: 2, taskId, flowId: flow.id, terminalName: 'A整机' });
    const parts = await createTerminal(db(), { lineId, status: 3, taskId, flowId: flow.id, terminalName: 'B配件' });
    const typeName = (await db().selectFrom('product_type').select('name').where('id', '=', product.productTypeId).executeTakeFirstOrThrow()).name;

    const response = await get(PATHS.terminalList, state.admin, { lineId: String(lineId) });
    const group = response.json<Envelope<TerminalList>>().data.taskLineList[0]!;
    expect({ ...group, linePadList: undefined }).toEqual({
      lineId,
      lineName: '任务线',
      taskId,
      productType: typeName,
      productNumber: product.number,
      linePadList: undefined,
    });
    const described = (padId: number) => {
      const pad = group.linePadList.find((candidate) => candidate.padId === padId)!;
      return [pad.belongTaskType, pad.productNumber, pad.productType, pad.padFlow, pad.taskName, pad.taskId];
    };
    expect(described(overall)).toEqual([2, product.number, typeName, '整机终检', `任务#${taskId} ${product.number}`, taskId]);
    expect(described(parts)).toEqual([3, null, null, null, null, taskId]);
  });
});

// A sub-user sees the terminals of its own lines, as it sees the tasks there (issue 12, finding 6).
describe.each(testDialects())('terminals of a sub-user’s lines on %s', (dialect) => {
  const { state, db, get, post, postForm, userWith } = harness();
  const lines = {} as { mine: number; theirs: number };
  const ids = {} as Record<'mine' | 'theirs' | 'theirsOnTask' | 'free' | 'pda', number>;
  let theirTask: number;
  let token: string;
  beforeAll(async () => {
    state.t = await buildTestApp(dialect);
    state.admin = (await loginAsAdmin(state.t.app)).token;
    lines.mine = await createLine(db(), { lineName: '总装二线' });
    lines.theirs = await createLine(db(), { lineName: '总装一线' });
    theirTask = await insertTask(db(), { lineIds: [lines.theirs], status: 'UNSTART' });
    ids.mine = await createTerminal(db(), { lineId: lines.mine, terminalName: '二线平板' });
    ids.theirs = await createTerminal(db(), { lineId: lines.theirs, terminalName: '一线平板' });
    ids.theirsOnTask = await createTerminal(db(), { lineId: lines.theirs, terminalName: '一线任务', status: 2, taskId: theirTask });
    ids.free = await createTerminal(db(), { terminalName: '未用平板' });
    ids.pda = await createTerminal(db(), { terminalType: 'PDA', terminalName: '手持', status: 1 });
    const user = await userWith(['/terminalManage', '/terminalManage:add', '/terminalManage:edit', '/terminalManage:unbind']);
    await assignLines(db(), user.id, [lines.mine]);
    token = user.token;
  });
  afterAll(() => state.t.close());

  const terminal = (id: number) => db().selectFrom('terminal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const list = async (query: Record<string, string>) => {
    const response = await get(PATHS.terminalList, token, query);
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<TerminalList>>().data;
  };
  const refusal = (response: { statusCode: number; json: () => unknown }) => [response.statusCode, response.json()];

  it('lists the PADs of its lines and those on no line, and counts only them', async () => {
    const pads = await list({ terminalType: 'PAD' });
    expect(pads.freePadList.map((pad) => pad.padId)).toEqual([ids.free]);
    expect(pads.taskLineList.map((group) => [group.lineId, group.linePadList.map((pad) => pad.padId)])).toEqual([[lines.mine, [ids.mine]]]);
    expect(pads).toMatchObject({ total: 2, freeCount: 1, noTaskCount: 1, overallCheckCount: 0 });
    expect((await list({ terminalType: 'PAD', lineId: String(lines.theirs) })).total).toBe(0);
    expect((await list({ terminalType: 'PDA' })).pdaUsedList.map((pda) => pda.padId)).toEqual([ids.pda]);
  });

  it('answers 404 to renaming or unbinding a terminal of another line, and changes nothing', async () => {
    const notFound = [404, { code: 0, data: null, errorMsg: MSG.recordNotFound }];
    for (const id of [ids.theirs, ids.theirsOnTask]) {
      expect(refusal(await postForm(PATHS.terminalEdit, token, { terminalId: String(id), terminalName: '改名', terminalType: 'PAD' }))).toEqual(notFound);
      expect(refusal(await post(PATHS.terminalUnbind, token, undefined, { terminalId: String(id), terminalType: 'PAD' }))).toEqual(notFound);
    }
    expect(await terminal(ids.theirs)).toMatchObject({ terminalName: '一线平板', status: 4, lineId: lines.theirs });
    expect(await terminal(ids.theirsOnTask)).toMatchObject({ terminalName: '一线任务', status: 2, taskId: theirTask });
    expect((await db().selectFrom('task').select('status').where('id', '=', theirTask).executeTakeFirstOrThrow()).status).toBe('UNSTART');
  });

  it('puts a PAD on its own lines only', async () => {
    const badLine = [400, { code: 0, data: null, errorMsg: MSG.lineNotOffered }];
    const added = { terminalCode: unique('S'), terminalName: '新平板', terminalType: 'PAD', categoryId: await categoryIdOf(db(), '21.5寸平板') };
    expect(refusal(await post(PATHS.terminalAdd, token, { ...added, lineId: lines.theirs }))).toEqual(badLine);
    const onTheirs = { terminalId: String(ids.free), terminalName: '未用平板', terminalType: 'PAD', lineId: String(lines.theirs) };
    expect(refusal(await postForm(PATHS.terminalEdit, token, onTheirs))).toEqual(badLine);
    expect(await terminal(ids.free)).toMatchObject({ status: 0, lineId: null });

    const id = (await post(PATHS.terminalAdd, token, { ...added, lineId: lines.mine })).json<Envelope<number>>().data;
    expect(await terminal(id)).toMatchObject({ status: 4, lineId: lines.mine });
  });

  it('renames, moves and unbinds the terminals of its lines', async () => {
    const id = await createTerminal(db(), { terminalName: '待上线' });
    const onMine = { terminalId: String(id), terminalName: '二线新机', terminalType: 'PAD', lineId: String(lines.mine) };
    expect((await postForm(PATHS.terminalEdit, token, onMine)).json().code).toBe(1);
    expect(await terminal(id)).toMatchObject({ terminalName: '二线新机', status: 4, lineId: lines.mine });
    expect((await post(PATHS.terminalUnbind, token, undefined, { terminalId: String(id), terminalType: 'PAD' })).json().code).toBe(1);
    expect(await terminal(id)).toMatchObject({ status: 0, lineId: null });
  });
});
