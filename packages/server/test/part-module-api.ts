import { type Envelope, MODULE_PARAM_FIELD, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../src/platform/password.js';
import { lastLog as lastLogOf } from './answers.js';
import { createRole, createTenant, createUser, type FilePart, filesUnder, multipartBody, pngBytes, unique } from './factories/index.js';
import { bearer, client, dbOf, loginAs } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';
const KB = 1024;

/** A png of exactly `size` bytes (its signature, then padding), distinct by `label`. */
export function pngOfSize(size: number, label = unique('png')): Buffer {
  const head = pngBytes(label);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** A jpg's first bytes, then `label`. */
export function jpgBytes(label = unique('jpg')): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(label, 'latin1')]);
}

/** Just under the catalogue's 500 KB image limit, and the limit itself (refused: under 500 KB). */
export const IMAGE_JUST_UNDER = 500 * KB - 1;
export const IMAGE_LIMIT = 500 * KB;

/** What the part and communication-module test files share: called first in each suite, after the app's preamble. */
export function partModuleApi(t: TestContext) {
  const db = () => dbOf(t.app);
  const { get, post, postForm } = client(() => t.app);

  /** A multipart post as the console's dialogs send it: text fields, then files. */
  async function form(url: string, token: string | null, fields: Record<string, string | number>, files: FilePart[] = []) {
    const texts = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
    const { payload, headers } = await multipartBody(files, texts);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  }

  /** A module form: the JSON part as a text field (or, `asBlob`, as the browser's Blob of application/json). */
  function moduleForm(url: string, token: string | null, param: object, files: FilePart[] = [], asBlob = false) {
    const json = JSON.stringify(param);
    if (!asBlob) return form(url, token, { [MODULE_PARAM_FIELD]: json }, files);
    const blob: FilePart = { field: MODULE_PARAM_FIELD, filename: 'blob', content: Buffer.from(json), contentType: 'application/json' };
    return form(url, token, {}, [blob, ...files]);
  }

  /** Signs in a new sub-user of the admin holding the grants listed (the admin's tenant). */
  async function userWith(grants: string[]): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), grants);
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  /** Signs in the root account of another tenant holding the grants listed. */
  async function otherTenantWith(grants: string[]): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), grants);
    const userName = unique('t_');
    const id = await createTenant(db(), userName, await hashPassword(PASSWORD), roleId);
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  const count = async (table: 'stored_file' | 'fitting' | 'communication_module' | 'dtu' | 'upload_usage') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const countRows = async () => ({
    files: await count('stored_file'),
    parts: await count('fitting'),
    modules: await count('communication_module'),
    dtus: await count('dtu'),
  });

  /** Runs `act` and checks that it left no row and no file behind (temp files included). */
  async function leavesNothing(act: () => Promise<void>) {
    const before = await countRows();
    const filesBefore = filesUnder(t.config.filesDir);
    await act();
    expect(await countRows()).toEqual(before);
    expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
  }

  /** The data of a successful answer. */
  function ok<T>(response: LightMyRequestResponse): T {
    const body = response.json<Envelope<T>>();
    expect({ status: response.statusCode, errorMsg: body.errorMsg }).toEqual({ status: 200, errorMsg: null });
    return body.data;
  }

  /** The stored file a `/api/file/<key>` URL names. */
  const storedFileOf = (url: string) =>
    db().selectFrom('stored_file').selectAll().where('fileKey', '=', url.slice(`${PATHS.file}/`.length)).executeTakeFirst();

  const lastLog = (route: string) => lastLogOf(t.app, route);

  /** The owner and status of a catalogue row, read straight from its table. */
  const rowOf = (table: 'fitting' | 'communication_module' | 'dtu', id: number) =>
    db().selectFrom(table).select(['ownerId', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

  return {
    db,
    get,
    post,
    postForm,
    form,
    moduleForm,
    userWith,
    otherTenantWith,
    count,
    countRows,
    leavesNothing,
    ok,
    storedFileOf,
    lastLog,
    rowOf,
  };
}
