import { type DocumentItem, type Envelope, MAX_UPLOAD_BYTES, MSG, PATHS, UPLOAD_QUOTA_BYTES_PER_HOUR } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createUser,
  type FilePart,
  filesUnder,
  multipartBody,
  pngBytes,
  tinyPdf,
  uniqueBytes,
} from '../../../test/factories/index.js';
import { bearer, dbOf, loginAs } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('stored files on %s', (dialect) => {
  const t = withTestApp(dialect);


  async function uploadFiles(token: string | null, files: FilePart[]) {
    const { payload, headers } = await multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url: PATHS.fileUpload,
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
  }

  async function urlOf(filename: string, content: Buffer, contentType?: string): Promise<string> {
    const response = await uploadFiles(t.admin, [{ field: 'files', filename, content, ...(contentType ? { contentType } : {}) }]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<string[]>>().data[0]!;
  }

  async function sha256Of(url: string): Promise<string> {
    const key = url.split('/').pop()!;
    const row = await dbOf(t.app).selectFrom('stored_file').select('sha256').where('fileKey', '=', key).executeTakeFirstOrThrow();
    return row.sha256;
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('upload', () => {
    it('stores one or more files from the field `files` and answers their URLs', async () => {
      const pdf = tinyPdf('two at once');
      const text = uniqueBytes(40, 'plain text file');
      const response = await uploadFiles(t.admin, [
        { field: 'files', filename: '说明.pdf', content: pdf },
        { field: 'files', filename: 'readme.txt', content: text },
      ]);
      expect(response.statusCode).toBe(200);
      const urls = response.json<Envelope<string[]>>().data;
      expect(urls).toHaveLength(2);
      for (const url of urls) expect(url).toMatch(/^\/api\/file\/[\w-]{22}$/);
      expect((await get(urls[0]!)).rawPayload).toEqual(pdf);
      expect((await get(urls[1]!)).rawPayload).toEqual(text);
    });

    it('needs a session', async () => {
      const response = await uploadFiles(null, [{ field: 'files', filename: 'a.pdf', content: tinyPdf() }]);
      expect(response.statusCode).toBe(401);
    });

    it('answers 400 请选择要上传的文件 without a file', async () => {
      const response = await uploadFiles(t.admin, [{ field: 'file', filename: 'wrong-field.pdf', content: tinyPdf() }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.fileRequired });
    });

    it('refuses the whole request with 413 when one file passes 20 MB, keeping none of them', async () => {
      const files = await dbOf(t.app).selectFrom('stored_file').select('id').execute();
      const onDisk = filesUnder(t.config.filesDir);
      const response = await uploadFiles(t.admin, [
        { field: 'files', filename: 'small-first.pdf', content: tinyPdf('small file before a big one') },
        { field: 'files', filename: 'big.bin', content: uniqueBytes(MAX_UPLOAD_BYTES + 1, 'big second') },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.fileTooLarge });
      expect(await dbOf(t.app).selectFrom('stored_file').select('id').execute()).toEqual(files);
      expect(filesUnder(t.config.filesDir)).toEqual(onDisk);
    });
  });

  describe('who may upload (issue 12, findings 9 and 11)', () => {
    let users = 0;
    async function userWith(grants: string[]): Promise<string> {
      users += 1;
      const roleId = await createRole(dbOf(t.app), grants);
      await createUser(dbOf(t.app), `file_user${users}`, 'Passw0rdX', { roleId });
      return (await loginAs(t.app, `file_user${users}`, 'Passw0rdX')).token;
    }
    const snapshot = async () => ({
      rows: await dbOf(t.app).selectFrom('stored_file').select('id').execute(),
      files: filesUnder(t.config.filesDir),
    });

    it('refuses a user holding no menu whose screens upload, with 403 before the body is read', async () => {
      const before = await snapshot();
      const outsider = await userWith(['/account', '/account:add', '/userDoc', '/userDoc:add']);
      const response = await uploadFiles(outsider, [{ field: 'files', filename: 'big.bin', content: uniqueBytes(MAX_UPLOAD_BYTES + 1, 'never read') }]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses the menu without a button that saves a form with 403, before the input is looked at', async () => {
      const viewer = await userWith(['/productCenter', '/productCenter:detail', '/parts', '/parts:detail']);
      const files = await uploadFiles(viewer, [{ field: 'files', filename: 'a.pdf', content: tinyPdf('viewer') }]);
      expect(files.statusCode).toBe(403);
      // not multipart, no file at all: still 403, not 400 请选择要上传的文件
      const notMultipart = await t.app.inject({ method: 'POST', url: PATHS.fileUpload, payload: { files: 'x' }, headers: bearer(viewer) });
      expect(notMultipart.statusCode).toBe(403);
      expect(notMultipart.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
    });

    it.each([
      ['/productCenter', 'add'],
      ['/productCenter', 'set'],
      ['/parts', 'add'],
      ['/parts', 'edit'],
      ['/communication', 'add'],
      ['/communication', 'edit'],
    ])('lets %s with its %s button upload', async (menu, fun) => {
      const token = await userWith([menu, `${menu}:${fun}`]);
      const response = await uploadFiles(token, [{ field: 'files', filename: 'a.pdf', content: tinyPdf(`${menu} ${fun}`) }]);
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe('the content of a file (issue 12, finding 12)', () => {
    it('refuses bytes that are not what the name says, keeping none of the request', async () => {
      const files = await dbOf(t.app).selectFrom('stored_file').select('id').execute();
      const onDisk = filesUnder(t.config.filesDir);
      const exe = Buffer.concat([Buffer.from('MZ'), uniqueBytes(300, 'a windows program')]);
      for (const [filename, contentType] of [['setup.pdf', 'application/pdf'], ['setup.png', 'image/png'], ['setup', 'application/pdf']]) {
        const response = await uploadFiles(t.admin, [
          { field: 'files', filename: 'fine.pdf', content: tinyPdf('a real one first') },
          { field: 'files', filename: filename!, content: exe, contentType: contentType! },
        ]);
        expect(response.statusCode, filename).toBe(400);
        expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.fileContentMismatch });
      }
      expect(await dbOf(t.app).selectFrom('stored_file').select('id').execute()).toEqual(files);
      expect(filesUnder(t.config.filesDir)).toEqual(onDisk);
      // under a name that claims nothing it is kept, and served as a download
      const download = await get(await urlOf('setup.exe', exe));
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    });
  });

  describe('the hourly quota (issue 12, finding 9)', () => {
    let uploader: string;
    let uploaderId: number;
    const HOUR = 3_600_000;
    beforeAll(async () => {
      const roleId = await createRole(dbOf(t.app), ['/productCenter', '/productCenter:set', '/userDoc', '/userDoc:add']);
      uploaderId = await createUser(dbOf(t.app), 'quota_user', 'Passw0rdX', { roleId });
      uploader = (await loginAs(t.app, 'quota_user', 'Passw0rdX')).token;
    });
    /** What the account stored in this hour (and the next, should the clock turn during a test). */
    async function spent(bytes: number) {
      const hour = Date.now() - (Date.now() % HOUR);
      await dbOf(t.app).deleteFrom('upload_usage').where('accountId', '=', uploaderId).execute();
      await dbOf(t.app)
        .insertInto('upload_usage')
        .values([hour, hour + HOUR].map((windowStart) => ({ accountId: uploaderId, windowStart, bytes })))
        .execute();
    }
    const usage = async () =>
      Number(
        (
          await dbOf(t.app)
            .selectFrom('upload_usage')
            .select('bytes')
            .where('accountId', '=', uploaderId)
            .where('windowStart', '=', Date.now() - (Date.now() % HOUR))
            .executeTakeFirst()
        )?.bytes ?? 0,
      );

    it('counts what an account stores', async () => {
      await dbOf(t.app).deleteFrom('upload_usage').where('accountId', '=', uploaderId).execute();
      const pdf = tinyPdf('counted');
      const text = uniqueBytes(1000, 'counted too');
      const response = await uploadFiles(uploader, [
        { field: 'files', filename: 'a.pdf', content: pdf },
        { field: 'files', filename: 'b.txt', content: text },
      ]);
      expect(response.statusCode).toBe(200);
      expect(await usage()).toBe(pdf.length + text.length);
      // a refused request costs nothing
      await uploadFiles(uploader, [{ field: 'files', filename: 'c.pdf', content: Buffer.from('not a pdf') }]);
      expect(await usage()).toBe(pdf.length + text.length);
    });

    it('refuses the upload that would pass the quota with 429, storing none of it', async () => {
      await spent(UPLOAD_QUOTA_BYTES_PER_HOUR - 100);
      const files = await dbOf(t.app).selectFrom('stored_file').select('id').execute();
      const onDisk = filesUnder(t.config.filesDir);
      const response = await uploadFiles(uploader, [{ field: 'files', filename: 'over.txt', content: uniqueBytes(101, 'one byte over') }]);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.uploadQuotaExceeded });
      expect(await dbOf(t.app).selectFrom('stored_file').select('id').execute()).toEqual(files);
      expect(filesUnder(t.config.filesDir)).toEqual(onDisk);
      expect(await usage()).toBe(UPLOAD_QUOTA_BYTES_PER_HOUR - 100);
      // exactly up to the quota is fine
      const fits = await uploadFiles(uploader, [{ field: 'files', filename: 'fits.txt', content: uniqueBytes(100, 'the last bytes') }]);
      expect(fits.statusCode).toBe(200);
    });

    it('lets concurrent uploads of one account share the rest of its hour, none slipping past it', async () => {
      await spent(UPLOAD_QUOTA_BYTES_PER_HOUR - 1000);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => uploadFiles(uploader, [{ field: 'files', filename: `p${i}.txt`, content: uniqueBytes(400, `parallel ${i}`) }])),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      expect(await usage()).toBe(UPLOAD_QUOTA_BYTES_PER_HOUR - 200);
    });

    it('refuses a spent account before reading the body, on every upload route', async () => {
      await spent(UPLOAD_QUOTA_BYTES_PER_HOUR);
      const big = await uploadFiles(uploader, [{ field: 'files', filename: 'big.bin', content: uniqueBytes(MAX_UPLOAD_BYTES + 1, 'unread') }]);
      // 429, not 413: the 20 MB were never read
      expect(big.statusCode).toBe(429);
      expect(big.json().errorMsg).toBe(MSG.uploadQuotaExceeded);
      const { payload, headers } = await multipartBody([{ field: 'file', filename: '手册.pdf', content: tinyPdf('quota doc') }]);
      const document = await t.app.inject({
        method: 'POST',
        url: `${PATHS.documentUpload}?type=USER_DOC`,
        payload,
        headers: { ...headers, ...bearer(uploader) },
      });
      expect(document.statusCode).toBe(429);
    });

    it('starts afresh each hour', async () => {
      const hour = Date.now() - (Date.now() % HOUR);
      await dbOf(t.app).deleteFrom('upload_usage').where('accountId', '=', uploaderId).execute();
      await dbOf(t.app)
        .insertInto('upload_usage')
        .values({ accountId: uploaderId, windowStart: hour - HOUR, bytes: UPLOAD_QUOTA_BYTES_PER_HOUR })
        .execute();
      const response = await uploadFiles(uploader, [{ field: 'files', filename: 'new-hour.pdf', content: tinyPdf('a new hour') }]);
      expect(response.statusCode).toBe(200);
      // the past hour's row is gone
      const rows = await dbOf(t.app).selectFrom('upload_usage').select('windowStart').where('accountId', '=', uploaderId).execute();
      expect(rows.map((row) => Number(row.windowStart))).toEqual([hour]);
    });
  });

  describe('serving', () => {
    it('serves a PDF inline without a session, with its type, length, validators and caching', async () => {
      const pdf = tinyPdf('served inline');
      const url = await urlOf('产品说明书 v2.pdf', pdf);
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="_____ v2.pdf"; filename*=UTF-8''${encodeURIComponent('产品说明书 v2.pdf')}`,
      );
      expect(response.headers['content-length']).toBe(String(pdf.length));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d{6,}/);
      expect(response.headers['etag']).toBe(`"${await sha256Of(url)}"`);
      expect(response.headers['accept-ranges']).toBe('bytes');
      // Chrome's PDF viewer will not render under a sandbox policy
      expect(String(response.headers['content-security-policy'] ?? '')).not.toMatch(/sandbox/);
      expect(response.rawPayload).toEqual(pdf);
    });

    it('serves images and plain text inline and a zip as an attachment', async () => {
      const png = await get(await urlOf('图.png', pngBytes('a picture'), 'image/png'));
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toMatch(/^inline; /);
      const text = await get(await urlOf('记录.txt', uniqueBytes(30, 'a text file')));
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(text.headers['content-disposition']).toMatch(/^inline; /);
      const zip = await get(await urlOf('固件包.zip', uniqueBytes(30, 'PK zip bytes')));
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.headers['content-disposition']).toBe(
        `attachment; filename="___.zip"; filename*=UTF-8''${encodeURIComponent('固件包.zip')}`,
      );
      expect(zip.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves an SVG under a sandbox policy, so its script can not run on the console origin', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const response = await get(await urlOf('evil.svg', svg));
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-security-policy']).toMatch(/default-src 'none'.*; sandbox$/);
    });

    it('answers 304 when the ETag matches', async () => {
      const url = await urlOf('cached.pdf', tinyPdf('cached'));
      const etag = (await get(url)).headers['etag'] as string;
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const response = await get(url, { 'if-none-match': header });
        expect(response.statusCode).toBe(304);
        expect(response.body).toBe('');
        expect(response.headers['etag']).toBe(etag);
      }
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });

    it('serves byte ranges', async () => {
      const pdf = tinyPdf('ranges of bytes');
      const url = await urlOf('ranges.pdf', pdf);
      const size = pdf.length;

      const head = await get(url, { range: 'bytes=0-9' });
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-range']).toBe(`bytes 0-9/${size}`);
      expect(head.headers['content-length']).toBe('10');
      expect(head.rawPayload).toEqual(pdf.subarray(0, 10));

      const tail = await get(url, { range: 'bytes=-5' });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
      expect(tail.rawPayload).toEqual(pdf.subarray(size - 5));

      const rest = await get(url, { range: 'bytes=100-' });
      expect(rest.rawPayload).toEqual(pdf.subarray(100));
      const clipped = await get(url, { range: `bytes=10-${size + 100}` });
      expect(clipped.headers['content-range']).toBe(`bytes 10-${size - 1}/${size}`);

      const beyond = await get(url, { range: `bytes=${size}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
      expect(beyond.headers['cache-control']).toBeUndefined();
      expect(beyond.json().code).toBe(0);

      const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload).toEqual(pdf);
      const several = await get(url, { range: 'bytes=0-1,5-6' });
      expect(several.statusCode).toBe(200);
    });

    it('answers HEAD with the headers and no body', async () => {
      const pdf = tinyPdf('head request');
      const url = await urlOf('head.pdf', pdf);
      const response = await t.app.inject({ method: 'HEAD', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(pdf.length));
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.body).toBe('');
    });

    it('answers the 404 envelope for an unknown key', async () => {
      const response = await get(`${PATHS.file}/no-such-key`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.recordNotFound });
    });

    it('serves a document through its downloadUrl', async () => {
      const { payload, headers } = await multipartBody([{ field: 'file', filename: '文档.pdf', content: tinyPdf('doc') }]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `${PATHS.documentUpload}?type=USER_DOC`,
        payload,
        headers: { ...headers, ...bearer(t.admin) },
      });
      const item = uploaded.json<Envelope<DocumentItem>>().data;
      const response = await get(item.downloadUrl);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(encodeURIComponent('文档.pdf'));
    });
  });
});
