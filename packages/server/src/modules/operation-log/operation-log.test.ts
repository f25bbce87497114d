import { type DocumentItem, type Envelope, MSG, type OperationLogModuleOption, type OperationLogRow, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createRole, createUser, insertLogEntry, multipartBody, tinyPdf } from '../../../test/factories/index.js';
import { bearer, dbOf, loginAs } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

interface LogPage {
  list: OperationLogRow[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** 2021-03-01 00:00:00 in Asia/Shanghai (UTC+8), the test app's time zone. */
const MARCH_FIRST = Date.UTC(2021, 1, 28, 16, 0, 0);
const HOUR = 60 * 60 * 1000;

describe.each(testDialects())('operation log on %s', (dialect) => {
  const t = withTestApp(dialect);
  /** holds /operationLog; owner of `child` */
  let owner: string;
  let ownerId: number;
  let child: string;
  /** a sibling of `owner` under the admin, without /operationLog */
  let sibling: string;
  let siblingId: number;

  beforeAll(async () => {
    expect(t.config.timeZone).toBe('Asia/Shanghai');
    const db = dbOf(t.app);
    const adminId = (await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow()).id;
    const viewerRole = await createRole(db, ['/operationLog', '/userDoc', '/userDoc:add', '/userDoc:delete']);
    const workerRole = await createRole(db, ['/userDoc', '/userDoc:add']);
    ownerId = await createUser(db, 'log_owner', 'Passw0rdX', { parentId: adminId, roleId: viewerRole });
    await createUser(db, 'log_child', 'Passw0rdX', { parentId: ownerId, roleId: workerRole });
    siblingId = await createUser(db, 'log_sibling', 'Passw0rdX', { parentId: adminId, roleId: workerRole });
    owner = (await loginAs(t.app, 'log_owner', 'Passw0rdX')).token;
    child = (await loginAs(t.app, 'log_child', 'Passw0rdX')).token;
    sibling = (await loginAs(t.app, 'log_sibling', 'Passw0rdX')).token;
  });

  async function uploadDocument(token: string, type: string, filename: string) {
    const { payload, headers } = await multipartBody([{ field: 'file', filename, content: tinyPdf(filename) }]);
    return t.app.inject({
      method: 'POST',
      url: `${PATHS.documentUpload}?type=${type}`,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  }

  async function logPage(token: string, query: Record<string, string | number>) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const response = await t.app.inject({ method: 'GET', url: `${PATHS.operationLogList}?${search}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<LogPage>>().data;
  }

  /** The hook writes after the answer is sent, so wait for the entry to land. */
  function waitForEntry(query: Record<string, string | number>, match: (row: OperationLogRow) => boolean) {
    return vi.waitFor(
      async () => {
        const row = (await logPage(t.admin, { pageSize: 0, ...query })).list.find(match);
        if (!row) throw new Error(`no log entry yet for ${JSON.stringify(query)}`);
        return row;
      },
      { timeout: 3000, interval: 20 },
    );
  }

  describe('what mutating calls write', () => {
    it('records a document upload and delete with who, route, target and summary', async () => {
      const uploaded = await uploadDocument(t.admin, 'USER_DOC', '日志测试文档.pdf');
      const item = uploaded.json<Envelope<DocumentItem>>().data;
      const upload = await waitForEntry({ module: 'document' }, (row) => row.route === PATHS.documentUpload && row.targetId === String(item.id));
      expect(upload).toMatchObject({
        userName: 'admin',
        module: 'document',
        moduleName: '文档',
        action: '上传文档',
        method: 'POST',
        statusCode: 200,
        success: true,
      });
      // The summary names the type as the console does (issue 13 item 11), not by its code USER_DOC.
      expect(upload.summary).toBe(`上传文档 日志测试文档.pdf（用户文档）#${item.id}`);
      expect(upload.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      await t.app.inject({ method: 'POST', url: PATHS.documentDelete, payload: { id: item.id }, headers: bearer(t.admin) });
      const removal = await waitForEntry({ module: 'document' }, (row) => row.route === PATHS.documentDelete && row.targetId === String(item.id));
      expect(removal).toMatchObject({ action: '删除文档', statusCode: 200, success: true });
      expect(removal.summary).toBe(`删除文档 日志测试文档.pdf（用户文档）#${item.id}`);
    });

    it('records refused calls with their status', async () => {
      const refused = await uploadDocument(sibling, 'SERVER_DOC', 'refused.pdf');
      expect(refused.statusCode).toBe(403);
      const entry = await waitForEntry({ userName: 'log_sibling' }, (row) => row.route === PATHS.documentUpload);
      expect(entry).toMatchObject({ statusCode: 403, success: false, userName: 'log_sibling' });
    });

    it('records a password change under the user module, and no reads', async () => {
      expect((await uploadDocument(child, 'USER_DOC', 'child.pdf')).statusCode).toBe(200);
      const changed = await t.app.inject({
        method: 'POST',
        url: PATHS.editPassword,
        payload: { password: 'NewPassw0rd' },
        headers: bearer(child),
      });
      expect(changed.statusCode).toBe(200);
      const entry = await waitForEntry({ userName: 'log_child', module: 'user' }, (row) => row.route === PATHS.editPassword);
      expect(entry).toMatchObject({ moduleName: '用户', action: '修改密码', method: 'POST', success: true });
      const all = await logPage(t.admin, { pageSize: 0 });
      expect(all.list.some((row) => row.method === 'GET')).toBe(false);
    });
  });

  describe('filters and paging', () => {
    beforeAll(async () => {
      const db = dbOf(t.app);
      const at = (offset: number) => insertLogEntry(db, { accountId: ownerId, userName: 'time_probe', module: 'line', createTime: MARCH_FIRST + offset });
      await at(-1000); // 2021-02-28 23:59:59
      await at(0); // 2021-03-01 00:00:00
      await at(12 * HOUR); // 2021-03-01 12:00:00
      await at(24 * HOUR); // 2021-03-02 00:00:00
      await insertLogEntry(db, { accountId: siblingId, userName: 'log_sibling', module: 'sibling_only', createTime: Date.now() });
    });

    const times = async (query: Record<string, string | number>) =>
      (await logPage(t.admin, { userName: 'time_probe', pageSize: 0, ...query })).list.map((row) => row.createTime);

    it('filters by date in the factory time zone, a bare end date being exclusive', async () => {
      expect(await times({ fromTime: '2021-03-01', toTime: '2021-03-02' })).toEqual(['2021-03-01 12:00:00', '2021-03-01 00:00:00']);
      expect(await times({ fromTime: '2021-03-01' })).toHaveLength(3);
      expect(await times({ toTime: '2021-03-01' })).toEqual(['2021-02-28 23:59:59']);
      expect(await times({ fromTime: '2021-03-01 12:00:00', toTime: '2021-03-01 12:00:00' })).toEqual(['2021-03-01 12:00:00']);
      expect(await times({ fromTime: '2021-03-01 00:00:01', toTime: '2021-03-02 00:00:00' })).toEqual([
        '2021-03-02 00:00:00',
        '2021-03-01 12:00:00',
      ]);
      expect(await times({ fromTime: '', toTime: '' })).toHaveLength(4);
    });

    it.each([['2021-02-30'], ['yesterday'], ['2021-03-01T00:00:00'], ['2021-03-01 24:00:00']])(
      'answers 400 for the time %j',
      async (fromTime) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `${PATHS.operationLogList}?fromTime=${encodeURIComponent(fromTime)}`,
          headers: bearer(t.admin),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.invalidInput });
      },
    );

    it('pages newest first, pageSize 0 being everything', async () => {
      const second = await logPage(t.admin, { userName: 'time_probe', page: 2, pageSize: 3 });
      expect(second).toMatchObject({ total: 4, pageSize: 3, pageNum: 2 });
      expect(second.list.map((row) => row.createTime)).toEqual(['2021-02-28 23:59:59']);
      const first = await logPage(t.admin, { userName: 'time_probe', page: 1, pageSize: 3 });
      expect(first.list.map((row) => row.createTime)).toEqual(['2021-03-02 00:00:00', '2021-03-01 12:00:00', '2021-03-01 00:00:00']);
      const defaults = await logPage(t.admin, {});
      expect(defaults).toMatchObject({ pageSize: 10, pageNum: 1 });
    });

    it('matches the user name as contains, ignoring case, _ taken literally', async () => {
      expect((await logPage(t.admin, { userName: 'TIME_PR', pageSize: 0 })).total).toBe(4);
      expect((await logPage(t.admin, { userName: 'e_p', pageSize: 0 })).total).toBe(4);
      expect((await logPage(t.admin, { userName: 'timeXprobe', pageSize: 0 })).total).toBe(0);
      expect((await logPage(t.admin, { userName: '%', pageSize: 0 })).total).toBe(0);
    });

    it('filters by module and lists the modules present with their names', async () => {
      const lines = await logPage(t.admin, { module: 'line', pageSize: 0 });
      expect(lines.total).toBe(4);
      expect(lines.list.every((row) => row.module === 'line' && row.moduleName === '产线')).toBe(true);

      const response = await t.app.inject({ method: 'GET', url: PATHS.operationLogModules, headers: bearer(t.admin) });
      expect(response.statusCode).toBe(200);
      const modules = response.json<Envelope<OperationLogModuleOption[]>>().data;
      expect(modules).toEqual(
        expect.arrayContaining([
          { module: 'document', moduleName: '文档' },
          { module: 'line', moduleName: '产线' },
          { module: 'user', moduleName: '用户' },
          { module: 'sibling_only', moduleName: 'sibling_only' },
        ]),
      );
      expect(new Set(modules.map((m) => m.module)).size).toBe(modules.length);
    });
  });

  describe('scope and permission', () => {
    it('shows a sub-user the entries of its own subtree only', async () => {
      const seen = await logPage(owner, { pageSize: 0 });
      const names = new Set(seen.list.map((row) => row.userName));
      expect(names.has('log_child')).toBe(true);
      expect(names.has('time_probe')).toBe(true);
      expect(names.has('admin')).toBe(false);
      expect(names.has('log_sibling')).toBe(false);
      expect((await logPage(owner, { userName: 'log_sibling' })).total).toBe(0);

      const everything = await logPage(t.admin, { pageSize: 0 });
      expect(everything.list.some((row) => row.userName === 'log_sibling')).toBe(true);
      expect(everything.total).toBeGreaterThan(seen.total);

      const modules = await t.app.inject({ method: 'GET', url: PATHS.operationLogModules, headers: bearer(owner) });
      const keys = modules.json<Envelope<OperationLogModuleOption[]>>().data.map((m) => m.module);
      expect(keys).toContain('line');
      expect(keys).not.toContain('sibling_only');
    });

    it('answers 403 without the /operationLog menu and 401 without a session', async () => {
      for (const url of [PATHS.operationLogList, PATHS.operationLogModules]) {
        const denied = await t.app.inject({ method: 'GET', url, headers: bearer(sibling) });
        expect(denied.statusCode).toBe(403);
        expect(denied.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });
});
