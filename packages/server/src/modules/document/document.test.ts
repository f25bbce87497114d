import fs from 'node:fs';
import { type DocumentItem, type DocumentType, type Envelope, MAX_UPLOAD_BYTES, MSG, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, type FilePart, filesUnder, multipartBody, tinyPdf, uniqueBytes } from '../../../test/factories/index.js';
import { bearer, dbOf, loginAs } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';

describe.each(testDialects())('documents on %s', (dialect) => {
  const t = withTestApp(dialect);
  /** holds /userDoc with add and delete, and /serveDoc read-only */
  let userDocEditor: string;
  /** holds no document menu */
  let outsider: string;

  beforeAll(async () => {
    const db = dbOf(t.app);
    const editorRole = await createRole(db, ['/userDoc', '/userDoc:add', '/userDoc:delete', '/serveDoc']);
    await createUser(db, 'doc_editor', 'Passw0rdX', { roleId: editorRole });
    userDocEditor = (await loginAs(t.app, 'doc_editor', 'Passw0rdX')).token;
    const outsiderRole = await createRole(db, ['/account']);
    await createUser(db, 'doc_outsider', 'Passw0rdX', { roleId: outsiderRole });
    outsider = (await loginAs(t.app, 'doc_outsider', 'Passw0rdX')).token;
  });

  async function upload(token: string | null, type: string, files: FilePart[], fields: Record<string, string> = {}) {
    const { payload, headers } = await multipartBody(files, fields);
    return t.app.inject({
      method: 'POST',
      url: `${PATHS.documentUpload}?type=${encodeURIComponent(type)}`,
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
  }

  async function uploadOk(type: DocumentType, filename: string, content: Buffer, token = t.admin): Promise<DocumentItem> {
    const response = await upload(token, type, [{ field: 'file', filename, content }]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<DocumentItem>>().data;
  }

  function list(token: string, query: string) {
    return t.app.inject({ method: 'GET', url: `${PATHS.documentList}?${query}`, headers: bearer(token) });
  }

  function remove(token: string, id: unknown) {
    return t.app.inject({ method: 'POST', url: PATHS.documentDelete, payload: { id }, headers: bearer(token) });
  }

  async function countRows() {
    const db = dbOf(t.app);
    const files = await db.selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const documents = await db.selectFrom('document').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { files: Number(files.n), documents: Number(documents.n) };
  }

  async function shaOf(item: DocumentItem): Promise<string> {
    const row = await dbOf(t.app)
      .selectFrom('document')
      .innerJoin('stored_file', 'stored_file.id', 'document.fileId')
      .select('stored_file.sha256')
      .where('document.id', '=', item.id)
      .executeTakeFirstOrThrow();
    return row.sha256;
  }

  describe('upload', () => {
    it('stores a real PDF under its hash and answers the document, Chinese name intact', async () => {
      const pdf = tinyPdf('upload test');
      const item = await uploadOk('USER_DOC', '用户手册_第1版.pdf', pdf);
      expect(item).toMatchObject({
        type: 'USER_DOC',
        originName: '用户手册_第1版.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        uploaderName: 'admin',
      });
      expect(item.downloadUrl).toMatch(/^\/api\/file\/[\w-]{22}$/);
      expect(item.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const sha256 = await shaOf(item);
      expect(fs.readFileSync(blobPath(t.config.filesDir, sha256))).toEqual(pdf);

      const served = await t.app.inject({ method: 'GET', url: item.downloadUrl });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(pdf);
    });

    it('answers 400 请选择要上传的文件 without a file', async () => {
      const before = await countRows();
      const onlyField = await upload(t.admin, 'USER_DOC', [], { note: 'no file here' });
      expect(onlyField.statusCode).toBe(400);
      expect(onlyField.json()).toEqual({ code: 0, data: null, errorMsg: MSG.fileRequired });

      const empty = await upload(t.admin, 'USER_DOC', [{ field: 'file', filename: 'empty.pdf', content: Buffer.alloc(0) }]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errorMsg).toBe(MSG.fileRequired);

      const wrongField = await upload(t.admin, 'USER_DOC', [{ field: 'other', filename: 'a.pdf', content: tinyPdf() }]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().errorMsg).toBe(MSG.fileRequired);

      const notMultipart = await t.app.inject({
        method: 'POST',
        url: `${PATHS.documentUpload}?type=USER_DOC`,
        payload: { file: 'x' },
        headers: bearer(t.admin),
      });
      expect(notMultipart.statusCode).toBe(400);
      expect(notMultipart.json().errorMsg).toBe(MSG.fileRequired);
      expect(await countRows()).toEqual(before);
    });

    it.each([['NOPE'], [''], [undefined]])('answers 400 文档类型不正确 for type %j', async (type) => {
      const { payload, headers } = await multipartBody([{ field: 'file', filename: 'a.pdf', content: tinyPdf() }]);
      const url = type === undefined ? PATHS.documentUpload : `${PATHS.documentUpload}?type=${type}`;
      const response = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(t.admin) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.documentTypeRule });
    });

    it('keeps the first file of a request that sends several', async () => {
      const first = uniqueBytes(100, 'first of two');
      const response = await upload(t.admin, 'TECH_DOC', [
        { field: 'file', filename: 'one.txt', content: first },
        { field: 'file', filename: 'two.txt', content: uniqueBytes(100, 'second of two') },
      ]);
      expect(response.statusCode).toBe(200);
      const item = response.json<Envelope<DocumentItem>>().data;
      expect(item).toMatchObject({ originName: 'one.txt', contentType: 'text/plain; charset=utf-8', size: 100 });
    });

    it('accepts exactly 20 MB and refuses 20 MB + 1 byte with 413, leaving nothing on disk or in the tables', async () => {
      const exact = await uploadOk('USER_DOC', 'exact.bin', uniqueBytes(MAX_UPLOAD_BYTES, 'exactly twenty'));
      expect(exact.size).toBe(MAX_UPLOAD_BYTES);
      expect((await remove(t.admin, exact.id)).statusCode).toBe(200);

      const before = await countRows();
      const filesBefore = filesUnder(t.config.filesDir);
      const response = await upload(t.admin, 'USER_DOC', [
        { field: 'file', filename: 'too-big.pdf', content: uniqueBytes(MAX_UPLOAD_BYTES + 1, 'one too many') },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.fileTooLarge });
      expect(await countRows()).toEqual(before);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
    });

    it('refuses an upload without a session with 401', async () => {
      const response = await upload(null, 'USER_DOC', [{ field: 'file', filename: 'a.pdf', content: tinyPdf() }]);
      expect(response.statusCode).toBe(401);
      expect(response.json().errorMsg).toBe(MSG.sessionExpired);
    });
  });

  describe('permissions by document type', () => {
    it('lets a role with /userDoc:add upload USER_DOC', async () => {
      const item = await uploadOk('USER_DOC', 'editor.pdf', tinyPdf('by the editor'), userDocEditor);
      expect(item.uploaderName).toBe('doc_editor');
    });

    it('refuses SERVER_DOC with 403 before the body is read (an oversized body gets 403, not 413)', async () => {
      const before = await countRows();
      const filesBefore = filesUnder(t.config.filesDir);
      const response = await upload(userDocEditor, 'SERVER_DOC', [
        { field: 'file', filename: 'big.pdf', content: uniqueBytes(MAX_UPLOAD_BYTES + 1, 'never read') },
      ]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
      expect(await countRows()).toEqual(before);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);

      const tech = await upload(userDocEditor, 'TECH_DOC', [{ field: 'file', filename: 'a.pdf', content: tinyPdf() }]);
      expect(tech.statusCode).toBe(403);
    });

    it('lists only the types whose menu the user holds', async () => {
      expect((await list(userDocEditor, 'type=USER_DOC')).statusCode).toBe(200);
      expect((await list(userDocEditor, 'type=SERVER_DOC')).statusCode).toBe(200);
      expect((await list(userDocEditor, 'type=TECH_DOC')).statusCode).toBe(403);
      const denied = await list(outsider, 'type=USER_DOC');
      expect(denied.statusCode).toBe(403);
      expect(denied.json().errorMsg).toBe(MSG.noPermission);
      const anonymous = await t.app.inject({ method: 'GET', url: `${PATHS.documentList}?type=USER_DOC` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('deletes with the delete button of the document type only', async () => {
      const userDoc = await uploadOk('USER_DOC', 'to-delete.pdf', tinyPdf('user doc to delete'));
      const serverDoc = await uploadOk('SERVER_DOC', 'server.pdf', tinyPdf('server doc kept'));
      const refused = await remove(userDocEditor, serverDoc.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorMsg).toBe(MSG.noPermission);
      expect((await remove(outsider, userDoc.id)).statusCode).toBe(403);

      const done = await remove(userDocEditor, userDoc.id);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ code: 1, data: null, errorMsg: null });
      const remaining = (await list(t.admin, 'type=USER_DOC')).json<Envelope<DocumentItem[]>>().data;
      expect(remaining.map((d) => d.id)).not.toContain(userDoc.id);
      const servers = (await list(t.admin, 'type=SERVER_DOC')).json<Envelope<DocumentItem[]>>().data;
      expect(servers.map((d) => d.id)).toContain(serverDoc.id);
    });
  });

  describe('permission before validation (issue 12, finding 11)', () => {
    /** holds the /userDoc viewer but none of its buttons */
    let reader: string;
    beforeAll(async () => {
      const roleId = await createRole(dbOf(t.app), ['/userDoc']);
      await createUser(dbOf(t.app), 'doc_reader', 'Passw0rdX', { roleId });
      reader = (await loginAs(t.app, 'doc_reader', 'Passw0rdX')).token;
    });

    it.each([['USER_DOC'], ['NOPE'], [undefined]])('refuses an upload without any add button with 403 for type %j', async (type) => {
      const { payload, headers } = await multipartBody([{ field: 'file', filename: 'a.pdf', content: tinyPdf('reader') }]);
      const url = type === undefined ? PATHS.documentUpload : `${PATHS.documentUpload}?type=${type}`;
      const response = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(reader) } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
    });

    it.each([[{ id: 'abc' }], [{}], [{ id: 1 }]])('refuses a delete without any delete button with 403 for %j', async (payload) => {
      const response = await t.app.inject({ method: 'POST', url: PATHS.documentDelete, payload, headers: bearer(reader) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
    });

    it('refuses a list without any document viewer with 403, whatever the type', async () => {
      for (const query of ['type=USER_DOC', 'type=BAD', '']) {
        const response = await list(outsider, query);
        expect(response.statusCode, query).toBe(403);
      }
    });

    it('answers 400 to a user who holds the button of some type', async () => {
      expect((await list(reader, 'type=BAD')).statusCode).toBe(400);
      const noId = await remove(userDocEditor, 'abc');
      expect(noId.statusCode).toBe(400);
      const { payload, headers } = await multipartBody([{ field: 'file', filename: 'a.pdf', content: tinyPdf() }]);
      const noType = await t.app.inject({ method: 'POST', url: PATHS.documentUpload, payload, headers: { ...headers, ...bearer(userDocEditor) } });
      expect(noType.statusCode).toBe(400);
      expect(noType.json().errorMsg).toBe(MSG.documentTypeRule);
    });
  });

  describe('the content of a document (issue 12, finding 12)', () => {
    it('refuses an .exe renamed .pdf with 400, storing nothing', async () => {
      const before = await countRows();
      const filesBefore = filesUnder(t.config.filesDir);
      const exe = Buffer.concat([Buffer.from('MZ'), uniqueBytes(500, 'this program cannot be run in DOS mode')]);
      for (const contentType of ['application/pdf', 'application/octet-stream']) {
        const response = await upload(t.admin, 'USER_DOC', [{ field: 'file', filename: '用户手册.pdf', content: exe, contentType }]);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.fileContentMismatch });
      }
      expect(await countRows()).toEqual(before);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
    });
  });

  describe('list and search', () => {
    it('answers a plain array, newest first, matching the name as contains (as typed, % and _ literal)', async () => {
      const a = await uploadOk('TECH_DOC', '接口说明_A.pdf', tinyPdf('list a'));
      const b = await uploadOk('TECH_DOC', '接口说明_B.PDF', tinyPdf('list b'));
      const c = await uploadOk('TECH_DOC', '部署指南.txt', uniqueBytes(64, 'list c'));

      const all = (await list(t.admin, 'type=TECH_DOC')).json<Envelope<DocumentItem[]>>();
      expect(all.code).toBe(1);
      const ids = all.data.map((d) => d.id);
      expect(ids.indexOf(c.id)).toBeLessThan(ids.indexOf(b.id));
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
      expect(all.data.every((d) => d.type === 'TECH_DOC')).toBe(true);

      const search = async (name: string) =>
        (await list(t.admin, `type=TECH_DOC&originName=${encodeURIComponent(name)}`))
          .json<Envelope<DocumentItem[]>>()
          .data.map((d) => d.originName);
      expect(await search('接口说明')).toEqual(['接口说明_B.PDF', '接口说明_A.pdf']);
      expect(await search('_a.')).toEqual(['接口说明_A.pdf']);
      expect(await search('%')).toEqual([]);
      expect(await search('指南')).toEqual(['部署指南.txt']);
      expect(await search('')).toHaveLength(all.data.length);
      expect((await list(t.admin, 'type=USER_DOC&originName=部署指南')).json().data).toEqual([]);
    });

    it.each([['type=BAD'], ['']])('answers 400 文档类型不正确 for %j', async (query) => {
      const response = await list(t.admin, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: MSG.documentTypeRule });
    });
  });

  describe('delete', () => {
    it('answers 404 for an unknown id and 400 without an id', async () => {
      const missing = await remove(t.admin, 999999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errorMsg).toBe(MSG.recordNotFound);
      const noId = await remove(t.admin, undefined);
      expect(noId.statusCode).toBe(400);
      expect(noId.json().errorMsg).toBe(MSG.idRequired);
    });

    it('stores identical content once and removes the blob only with its last reference', async () => {
      const content = tinyPdf('dedupe me');
      const first = await uploadOk('USER_DOC', '相同内容1.pdf', content);
      const second = await uploadOk('SERVER_DOC', '相同内容2.pdf', content);
      expect(first.downloadUrl).not.toBe(second.downloadUrl);
      const sha256 = await shaOf(first);
      expect(await shaOf(second)).toBe(sha256);
      const blob = blobPath(t.config.filesDir, sha256);
      expect(filesUnder(t.config.filesDir).filter((name) => name.endsWith(sha256))).toHaveLength(1);

      expect((await remove(t.admin, first.id)).statusCode).toBe(200);
      expect(fs.existsSync(blob)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: first.downloadUrl })).statusCode).toBe(404);
      const stillServed = await t.app.inject({ method: 'GET', url: second.downloadUrl });
      expect(stillServed.statusCode).toBe(200);
      expect(stillServed.rawPayload).toEqual(content);

      expect((await remove(t.admin, second.id)).statusCode).toBe(200);
      expect(fs.existsSync(blob)).toBe(false);
      const rows = await dbOf(t.app).selectFrom('stored_file').select('id').where('sha256', '=', sha256).execute();
      expect(rows).toEqual([]);
      expect((await remove(t.admin, second.id)).statusCode).toBe(404);
    });
  });
});
