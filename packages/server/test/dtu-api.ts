import { type DtuAddBody, MENUS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/platform/password.js';
import type { Database } from '../src/platform/schema.js';
import { createStoredFile, type StoredFileOptions } from './factories/accessory.js';
import { createRole, createTenant, createUser, unique } from './factories/index.js';
import { client, dbOf, loginAs } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';
export const PARTS = MENUS.parts;

/** The URL the console holds for a stored file (what /api/file/upload answered). */
export const urlOf = (file: { fileKey: string }) => `/api/file/${file.fileKey}`;

/** What the DTU and DTU property test files share: called first in each suite, after the app's preamble. */
export function dtuApi(t: TestContext) {
  const db = (): Kysely<Database> => dbOf(t.app);
  const { get, post, postForm } = client(() => t.app);

  /** Signs in a new sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<{ id: number; token: string }> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  /** Signs in the root of a tree of its own (another tenant), holding the parts menu. */
  async function tenant(): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), [PARTS]);
    const userName = unique('tenant_');
    const id = await createTenant(db(), userName, await hashPassword(PASSWORD), roleId);
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  /** A stored file as a URL of the form: a png unless told, its bytes on disk. */
  const fileUrl = async (options: StoredFileOptions = {}) => urlOf(await createStoredFile(db(), { filesDir: t.config.filesDir, ...options }));

  /** A valid body of /api/dtu/add for a part: a networked bluetooth model with its two images. */
  async function dtuBody(fittingId: number, overrides: Partial<DtuAddBody> = {}): Promise<DtuAddBody> {
    return {
      fittingId,
      dtuType: unique('DTU'),
      modelType: 'EC200U_CN',
      productCompany: '移远通信',
      standardVoltage: '12',
      bandRate: 9600,
      connectInternet: true,
      communicationType: 'bluetooth',
      communicationTypeDesc: '',
      testFirmwareVersion: '',
      testFirmwareUrl: null,
      productFileUrl: null,
      bomListFileUrl: null,
      otherRequestFileUrl: null,
      frontImageUrl: await fileUrl(),
      backImageUrl: await fileUrl(),
      ...overrides,
    };
  }

  const dtuRow = (id: number) => db().selectFrom('dtu').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (table: 'dtu' | 'dtu_serial_property' | 'dtu_auto_property' | 'dtu_other_property' | 'stored_file') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  return { db, get, post, postForm, userWith, tenant, fileUrl, dtuBody, dtuRow, count };
}
