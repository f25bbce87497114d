import { type Envelope, MSG, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { categoryIdOf, createLine, createTerminal, unique } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { terminalApi } from '../../../test/terminal-api.js';


describe.each(testDialects())('terminals on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, postForm, userWith } = terminalApi(t);
  const categories: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ['21.5寸平板', '15寸平板', '11.5寸平板', '手持机']) categories[name] = await categoryIdOf(db(), name);
  });

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
      const response = await get(PATHS.terminalCategory, t.admin, { terminalType: 'TV' });
      expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.terminalTypeRequired]);
    });
  });

  describe('registering', () => {
    const add = (payload: object) => post(PATHS.terminalAdd, t.admin, payload);
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
    const edit = (form: Record<string, string>) => postForm(PATHS.terminalEdit, t.admin, form);
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
      const response = await post(PATHS.terminalEdit, t.admin, { terminalId: id, terminalName: 'JSON平板', terminalType: 'PAD' });
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
    const unbind = (query: Record<string, string>) => post(PATHS.terminalUnbind, t.admin, undefined, query);

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
      expect((await post(PATHS.terminalUnbind, t.admin, { terminalId: idle, terminalType: 'PAD' })).json().code).toBe(1);
      expect(await terminal(idle)).toMatchObject({ status: 0, lineId: null });
      const pda = await createTerminal(db(), { terminalType: 'PDA', status: 1 });
      expect((await postForm(PATHS.terminalUnbind, t.admin, { terminalId: String(pda), terminalType: 'PDA' })).json().code).toBe(1);
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
