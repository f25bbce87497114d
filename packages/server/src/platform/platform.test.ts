import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { MSG, need, PATHS, PUBLIC } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRole, createUser } from '../../test/factories/index.js';
import { bearer, dbOf, loginAs, loginAsAdmin } from '../../test/session-helpers.js';
import { buildTestApp, fakeConsoleDir, testDialects, withTestApp } from '../../test/test-app.js';

describe.each(testDialects())('server core on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { consoleDir: fakeConsoleDir() }, signIn: false });
  beforeAll(async () => {
    // Routes only tests need, registered before the app is ready.
    t.app.get('/api/test/crash', { config: { permission: PUBLIC } }, async () => {
      throw new Error('secret stack detail');
    });
    t.app.post(
      '/api/test/echo',
      {
        config: { permission: need('/productionLine', 'add') },
        schema: {
          body: z.object({
            lineName: z.string({ error: '请输入产线名称' }).min(1, '请输入产线名称').max(12, '产线名称过长'),
            count: z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数'),
          }),
        },
      },
      async (request) => ({ code: 1, data: request.body, errorMsg: null }),
    );
  });

  describe('envelope and statuses', () => {
    it('answers an unknown /api route with the 404 envelope, never the console', async () => {
      for (const url of ['/api/nope', '/api/user/nope?x=1', '/api']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.apiNotFound });
      }
      const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
      expect(post.statusCode).toBe(404);
    });

    it('answers a crash with 500 and a fixed message, keeping the stack out of the answer', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.serverError });
      expect(response.body).not.toContain('secret stack detail');
    });

    it('answers the first failing rule of a body, from JSON or from a form', async () => {
      const { token } = await loginAsAdmin(t.app);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: bearer(token),
        payload: { lineName: '', count: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ code: 0, data: null, errorMsg: '请输入产线名称' });

      const form = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'lineName=L1&count=abc',
      });
      expect(form.json().errorMsg).toBe('数量必须是数字');

      const good = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'lineName=%E4%B8%80%E5%8F%B7%E7%BA%BF&count=3',
      });
      expect(good.json()).toEqual({ code: 1, data: { lineName: '一号线', count: 3 }, errorMsg: null });
    });

    it('answers malformed JSON with a 400 envelope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.login,
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.invalidInput });
    });

    it('answers an unsupported content type with a 415 envelope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: PATHS.login,
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe(0);
    });

    it('carries a request id on every answer, taking the caller\'s when given', async () => {
      const mine = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'trace-42' } });
      expect(mine.headers['x-request-id']).toBe('trace-42');
      const generated = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('the guard', () => {
    it('answers 401 before validating the body', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { lineName: '' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.sessionExpired });
    });

    it('answers 403 before validating the body when the role lacks the button', async () => {
      const db = dbOf(t.app);
      const roleId = await createRole(db, ['/productionLine', '/productionLine:edit']);
      await createUser(db, 'line_viewer', 'Passw0rdX', { roleId });
      const { token } = await loginAs(t.app, 'line_viewer', 'Passw0rdX');
      const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: bearer(token), payload: 'not json' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
    });

    it('lets a role with the menu and button through, and a stopped role grants nothing', async () => {
      const db = dbOf(t.app);
      const roleId = await createRole(db, ['/productionLine', '/productionLine:add']);
      await createUser(db, 'line_adder', 'Passw0rdX', { roleId });
      const { token } = await loginAs(t.app, 'line_adder', 'Passw0rdX');
      const call = () =>
        t.app.inject({ method: 'POST', url: '/api/test/echo', headers: bearer(token), payload: { lineName: 'L', count: 1 } });
      expect((await call()).statusCode).toBe(200);
      await db.updateTable('role').set({ status: 0 }).where('id', '=', roleId).execute();
      expect((await call()).statusCode).toBe(403);
    });

    it('refuses a menu route to a user without that menu and lets one with it through', async () => {
      const db = dbOf(t.app);
      await createUser(db, 'no_role', 'Passw0rdX');
      const without = await loginAs(t.app, 'no_role', 'Passw0rdX');
      const url = `${PATHS.menuTree}?withFunction=true`;
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(without.token) })).statusCode).toBe(403);

      const roleId = await createRole(db, ['/role']);
      await createUser(db, 'role_admin', 'Passw0rdX', { roleId });
      const withRole = await loginAs(t.app, 'role_admin', 'Passw0rdX');
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(withRole.token) })).statusCode).toBe(200);

      // the menu tree serves two pages: either menu opens it
      const menuRoleId = await createRole(db, ['/menu']);
      await createUser(db, 'menu_reader', 'Passw0rdX', { roleId: menuRoleId });
      const withMenu = await loginAs(t.app, 'menu_reader', 'Passw0rdX');
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(withMenu.token) })).statusCode).toBe(200);
    });

    it('will not start with an /api route that declares no permission', async () => {
      const spare = await buildTestApp(dialect);
      try {
        expect(() => spare.app.get('/api/test/open', async () => ({}))).toThrow(/declares no permission/);
      } finally {
        await spare.close();
      }
    });
  });

  describe('the console', () => {
    it('serves index.html at / and for deep links (history fallback)', async () => {
      for (const url of ['/', '/login', '/productionLog?id=3', '/a/b/c']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('<title>console</title>');
      }
    });

    it('serves station.html at /station and below it (history fallback), never for /api or look-alike paths', async () => {
      for (const url of ['/station', '/station/', '/station?terminal=PAD-1', '/station/work/3']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body, url).toContain('<title>station</title>');
      }
      const lookAlike = await t.app.inject({ method: 'GET', url: '/stationery' });
      expect(lookAlike.body).toContain('<title>console</title>');
      const api = await t.app.inject({ method: 'GET', url: '/api/station/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ code: 0, data: null, errorMsg: MSG.apiNotFound });
    });

    it('answers /station with 404 text when only the console was built', async () => {
      const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-console-'));
      fs.writeFileSync(path.join(bare, 'index.html'), '<!doctype html><title>console</title>');
      const spare = await buildTestApp(dialect, { consoleDir: bare });
      try {
        const response = await spare.app.inject({ method: 'GET', url: '/station' });
        expect(response.statusCode).toBe(404);
        expect(response.body).toContain('station app not built');
        expect((await spare.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
      } finally {
        await spare.close();
        fs.rmSync(bare, { recursive: true, force: true });
      }
    });

    it('sends the pre-compressed variant the browser accepts (brotli, then gzip), the file itself otherwise', async () => {
      const plain = fs.readFileSync(path.join(t.config.consoleDir!, 'assets', 'chunk-5678.js'), 'utf8');
      const url = '/assets/chunk-5678.js';
      const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain);
      expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 5);

      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);

      const identity = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(plain);
    });

    it('serves built assets with a long cache and index.html without one', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const index = await t.app.inject({ method: 'GET', url: '/dataCenter' });
      expect(index.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('OpenAPI', () => {
    it('lists every route with the schemas that validate it', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${PATHS.docs}/json` });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
      for (const url of [PATHS.login, PATHS.platformLogin, PATHS.logout, PATHS.editPassword, PATHS.captcha, PATHS.menuTree]) {
        expect(document.paths[url], url).toBeDefined();
      }
      const login = JSON.stringify(document.paths[PATHS.login]!.post!.requestBody);
      expect(login).toContain('username');
      expect(login).toContain('codeId');
      const ui = await t.app.inject({ method: 'GET', url: `${PATHS.docs}/` });
      expect(ui.statusCode).toBe(200);
    });
  });
});
