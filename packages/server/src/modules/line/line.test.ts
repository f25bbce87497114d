import { type Envelope, type Factory, type LineOption, MSG, PATHS, type ProductionLine, type Page } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignLines, createFactory, createLine, unique } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { lineApi } from '../../../test/line-api.js';

describe.each(testDialects())('production lines on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, userWith, lineRow, lineCount } = lineApi(t);

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
      const all = (await get(PATHS.factoryList, t.admin)).json<Envelope<Page<Factory>>>().data;
      const second = (await get(PATHS.factoryList, t.admin, { page: '2', pageSize: '1' })).json<Envelope<Page<Factory>>>().data;
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
      const options = (await get(PATHS.productionLineOptions, t.admin)).json<Envelope<LineOption[]>>().data;
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
      const response = await get(PATHS.lineList, t.admin, { factoryId: String(factoryId), ...query });
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
      const response = await get(PATHS.lineList, t.admin, { pageSize: '0' });
      expect(response.json<Envelope<Page<ProductionLine>>>().data.total).toBe(await lineCount());
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
