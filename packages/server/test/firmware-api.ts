import { type Envelope, type Firmware, type FunCode, PATHS, type Page } from '@factory/contracts';
import { expect } from 'vitest';
import { lastLog as lastLogOf } from './answers.js';
import { type FilePart, filesUnder, multipartBody, unique, uniqueBytes } from './factories/index.js';
import { bearer, client, dbOf } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';
export const MENU = '/productCenter';
export const BUTTONS: FunCode[] = ['add', 'detail', 'set', 'push', 'back', 'copy', 'delete'];

/** What the firmware test files share: called first in each suite, after the app's preamble. */
export function firmwareApi(t: TestContext) {
  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);
  /** A multipart upload to `url` with `query` values, as the firmware panel sends it. */
  async function upload(
    url: string,
    token: string | null,
    query: Record<string, unknown>,
    files: FilePart[],
    fields: Record<string, string> = {},
  ) {
    const { payload, headers } = await multipartBody(files, fields);
    const search = new URLSearchParams(
      Object.entries(query)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]): [string, string] => [key, String(value)]),
    );
    return t.app.inject({ method: 'POST', url: `${url}?${search}`, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  }
  const file = (content: Buffer, filename = 'firmware.bin'): FilePart => ({ field: 'data', filename, content });
  const addQuery = (productId: number, type = 'TEST', patch: Record<string, unknown> = {}) => ({
    productId,
    type,
    version: `v${unique()}`,
    description: '固件说明',
    ...patch,
  });
  async function addOk(productId: number, type: 'TEST' | 'BUSINESS' = 'TEST', content = uniqueBytes(256), filename = 'firmware.bin') {
    const query = addQuery(productId, type);
    const response = await upload(PATHS.firmwareAdd, t.admin, query, [file(content, filename)]);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<Envelope<number>>().data;
    return { id, version: query.version };
  }
  async function detail(id: number): Promise<Firmware> {
    const response = await get(PATHS.firmwareDetail, t.admin, { id: String(id) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Firmware>>().data;
  }
  async function list(productId: number, type: string, extra: Record<string, string> = {}): Promise<Page<Firmware>> {
    const response = await get(PATHS.firmwareList, t.admin, { productId: String(productId), type, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Page<Firmware>>>().data;
  }
  const statusOf = async (id: number) =>
    (await db().selectFrom('firmware').select('status').where('id', '=', id).executeTakeFirst())?.status;
  async function countRows() {
    const files = await db().selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const firmware = await db().selectFrom('firmware').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { files: Number(files.n), firmware: Number(firmware.n) };
  }
  /** Runs `act` and checks that it left no row and no file behind. */
  async function leavesNothing(act: () => Promise<void>) {
    const before = await countRows();
    const filesBefore = filesUnder(t.config.filesDir);
    await act();
    expect(await countRows()).toEqual(before);
    expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
  }
  const lastLog = (route: string) => lastLogOf(t.app, route);

  return {
    db,
    get,
    post,
    upload,
    file,
    addQuery,
    addOk,
    detail,
    list,
    statusOf,
    countRows,
    leavesNothing,
    lastLog,
  };
}
