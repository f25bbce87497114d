import { ACCESSORY_MSG, type CatalogueOption, DTU_DATA_TYPES, MSG, type OtherProperty, type Page, PATHS, textTooLong } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuApi, PARTS } from '../../../test/dtu-api.js';
import { createAutoProperty, createDtu, createOtherProperty, createSerialProperty } from '../../../test/factories/dtus.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

type Form = Record<string, string | number>;
type Kind = 'serial' | 'auto' | 'other';

const CALLS = {
  serial: { list: PATHS.serialPropertyList, detail: PATHS.serialPropertyDetail, status: PATHS.serialPropertyChangeStatus, remove: PATHS.serialPropertyDelete },
  auto: { list: PATHS.autoPropertyList, detail: PATHS.autoPropertyDetail, status: PATHS.autoPropertyChangeStatus, remove: PATHS.autoPropertyDelete },
  other: { list: PATHS.otherPropertyList, detail: PATHS.otherPropertyDetail, status: PATHS.otherPropertyChangeStatus, remove: PATHS.otherPropertyDelete },
} as const;
const TABLES = { serial: 'dtu_serial_property', auto: 'dtu_auto_property', other: 'dtu_other_property' } as const;
const NAMES = { serial: '串口', auto: '自动', other: '其他' } as const;
const KINDS: Kind[] = ['serial', 'auto', 'other'];

describe.each(testDialects())('DTU test properties on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, postForm, userWith, tenant, count } = dtuApi(t);

  const statusOf = async (kind: Kind, id: number) =>
    (await db().selectFrom(TABLES[kind]).select('status').where('id', '=', id).executeTakeFirst())?.status;
  /** A property of the kind on a bluetooth DTU (enabled unless told); `serialCode` tells two serial ones of a DTU apart. */
  async function property(
    kind: Kind,
    options: { status?: number; dtuStatus?: number; dtuId?: number; serialCode?: string } = {},
  ): Promise<{ id: number; dtuId: number }> {
    const dtuId = options.dtuId ?? (await createDtu(db(), { communicationType: 'bluetooth', status: options.dtuStatus ?? 1 }));
    const status = options.status ?? 0;
    const id =
      kind === 'serial'
        ? await createSerialProperty(db(), dtuId, { status, code: options.serialCode ?? 'BAUD_RATE' })
        : kind === 'auto'
          ? await createAutoProperty(db(), dtuId, { status })
          : await createOtherProperty(db(), dtuId, { status });
    return { id, dtuId };
  }

  describe('catalogues', () => {
    const options = async (path: string, query: Form = {}) => dataOf<CatalogueOption[]>(await get(path, t.admin, query));

    it('offers serial properties for bluetooth only', async () => {
      const serial = await options(PATHS.dtuSerialTypes, { communicationTypeCode: 'bluetooth' });
      expect(serial.map((item) => item.code)).toEqual(['SERIAL_LOOPBACK', 'BAUD_RATE', 'BLE_RSSI', 'TX_POWER', 'SUPPLY_CURRENT', 'SERIAL_VERSION']);
      expect(serial[1]).toEqual({ code: 'BAUD_RATE', name: '串口波特率', verifyRules: ['EQUAL'], dataType: 'int', unique: false, unit: 'bps', description: expect.any(String) });
      expect(serial[0]!.unit).toBeNull();
      expect(await options(PATHS.dtuSerialTypes, { communicationTypeCode: 'THREE_2_ONE' })).toEqual([]);
      expect(await options(PATHS.dtuSerialTypes)).toEqual([]);
    });

    it('offers the automatic values each communication type reports, and those of a DTU without networking', async () => {
      const cellular = await options(PATHS.dtuAutoTypes, { communicationTypeCode: 'THREE_2_ONE' });
      expect(cellular.find((item) => item.code === 'IMEI')).toMatchObject({ dataType: 'string', unique: true, verifyRules: ['EQUAL'], unit: null });
      expect(cellular.find((item) => item.code === 'CSQ')).toMatchObject({ dataType: 'int', unique: false, verifyRules: ['EQUAL', 'RANGE'] });
      expect(cellular.map((item) => item.code)).toContain('SERVER_VERIFY');
      expect((await options(PATHS.dtuAutoTypes, { communicationTypeCode: 'bluetooth' })).map((item) => item.code)).not.toContain('SERVER_VERIFY');
      expect((await options(PATHS.dtuAutoTypes)).map((item) => item.code)).toEqual(['VERSION', 'VOLTAGE']);
      expect((await options(PATHS.dtuAutoTypes, { communicationTypeCode: '' })).map((item) => item.code)).toEqual(['VERSION', 'VOLTAGE']);
    });

    it('refuses a communication type it does not know (400)', async () => {
      for (const path of [PATHS.dtuSerialTypes, PATHS.dtuAutoTypes]) {
        expectRefusal(await get(path, t.admin, { communicationTypeCode: 'LoRa' }), 400, ACCESSORY_MSG.communicationTypeRequired);
        expectRefusal(await get(path, t.admin, { communicationTypeCode: 'none' }), 400, ACCESSORY_MSG.communicationTypeRequired);
      }
    });

    it('lists the data types', async () => {
      expect(dataOf(await get(PATHS.dtuDataTypes, t.admin))).toEqual(DTU_DATA_TYPES.map(({ code, name }) => ({ code, name })));
    });
  });

  describe('other properties', () => {
    let dtuId: number;
    beforeAll(async () => {
      dtuId = await createDtu(db());
    });
    const form = (extra: Form = {}): Form => ({ dtuId, category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕、变形', ...extra });
    const detail = async (id: number) => dataOf<OtherProperty>(await get(PATHS.otherPropertyDetail, t.admin, { id }));

    it('adds, edits and lists a check done by people on the samples', async () => {
      const id = dataOf<number>(await postForm(PATHS.otherPropertyAdd, t.admin, form()));
      expect(await detail(id)).toMatchObject({ id, dtuId, category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕、变形', status: 0 });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.otherPropertyAdd))?.summary).toMatch(/^新增其他检测属性 外观\/外壳无划痕 DTU /);
      dataOf(await postForm(PATHS.otherPropertyEdit, t.admin, { id, ...form({ category: '尺寸', checkTool: '游标卡尺' }) }));
      expect(await detail(id)).toMatchObject({ category: '尺寸', checkTool: '游标卡尺' });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.otherPropertyEdit))?.summary).toMatch(/^编辑其他检测属性 外观\/外壳无划痕 DTU /);
      const page = dataOf<Page<OtherProperty>>(await get(PATHS.otherPropertyList, t.admin, { dtuId }));
      expect(page).toMatchObject({ pageSize: 5, pageNum: 1 });
      expect(page.list[0]!.id).toBe(id);
    });

    describe('refuses each invalid field with the form\'s message', () => {
      const cases: [string, Form, string][] = [
        ['no category', { category: '' }, ACCESSORY_MSG.otherCategoryRequired],
        ['no item', { property: ' ' }, ACCESSORY_MSG.otherPropertyRequired],
        ['no tool', { checkTool: '' }, ACCESSORY_MSG.otherCheckToolRequired],
        ['no standard', { checkStandard: '' }, ACCESSORY_MSG.otherCheckStandardRequired],
        ['a category past 64 characters', { category: '类'.repeat(65) }, textTooLong(64)],
        ['a standard past 255 characters', { checkStandard: '标'.repeat(256) }, textTooLong(255)],
      ];
      it.each(cases)('%s', async (_name, extra, message) => {
        const before = await count('dtu_other_property');
        expectRefusal(await postForm(PATHS.otherPropertyAdd, t.admin, form(extra)), 400, message);
        expect(await count('dtu_other_property')).toBe(before);
      });
    });

    it('refuses an archived DTU (409), a property under test (409), and answers 404 across tenants', async () => {
      const archived = await createDtu(db(), { status: -1 });
      expectRefusal(await postForm(PATHS.otherPropertyAdd, t.admin, form({ dtuId: archived })), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      const testing = await createOtherProperty(db(), dtuId, { status: 1 });
      expectRefusal(await postForm(PATHS.otherPropertyEdit, t.admin, { id: testing, ...form({ category: '改' }) }), 409, ACCESSORY_MSG.propertyTesting);
      const other = await tenant();
      expectRefusal(await postForm(PATHS.otherPropertyAdd, other.token, form()), 404, MSG.recordNotFound);
      const id = await createOtherProperty(db(), dtuId);
      expectRefusal(await postForm(PATHS.otherPropertyEdit, other.token, { id, ...form({ category: '改' }) }), 404, MSG.recordNotFound);
      expect((await detail(testing)).category).toBe('外观');
      expect((await detail(id)).category).toBe('外观');
    });
  });

  describe.each(KINDS)('open and stop testing, delete: %s', (kind) => {
    const calls = CALLS[kind];
    const text = `${NAMES[kind]}检测属性`;

    it('opens (0 → 1) and stops (1 → 0), refusing the state it is in (409)', async () => {
      const { id } = await property(kind);
      dataOf(await postForm(calls.status, t.admin, { id, status: 1 }));
      expect(await statusOf(kind, id)).toBe(1);
      await expect.poll(async () => (await lastSuccessLog(t.app, calls.status))?.summary).toMatch(new RegExp(`^开启${text}的检测 `));
      expectRefusal(await postForm(calls.status, t.admin, { id, status: 1 }), 409, ACCESSORY_MSG.propertyAlreadyOpen);
      dataOf(await postForm(calls.status, t.admin, { id, status: 0 }));
      expect(await statusOf(kind, id)).toBe(0);
      await expect.poll(async () => (await lastSuccessLog(t.app, calls.status))?.summary).toMatch(new RegExp(`^停止${text}的检测 `));
      expectRefusal(await postForm(calls.status, t.admin, { id, status: 0 }), 409, ACCESSORY_MSG.propertyAlreadyStopped);
      expectRefusal(await postForm(calls.status, t.admin, { id, status: 2 }), 400, MSG.statusRule);
      expectRefusal(await postForm(calls.status, t.admin, { id, status: '' }), 400, MSG.statusRule);
    });

    it('deletes for good, but not while testing (409)', async () => {
      const { id } = await property(kind, { status: 1 });
      expectRefusal(await postForm(calls.remove, t.admin, { id }), 409, ACCESSORY_MSG.propertyTesting);
      expect(await statusOf(kind, id)).toBe(1);
      dataOf(await postForm(calls.status, t.admin, { id, status: 0 }));
      dataOf(await postForm(calls.remove, t.admin, { id }));
      expect(await statusOf(kind, id)).toBeUndefined();
      await expect.poll(async () => (await lastSuccessLog(t.app, calls.remove))?.summary).toMatch(new RegExp(`^删除${text} `));
      expectRefusal(await postForm(calls.remove, t.admin, { id }), 404, MSG.recordNotFound);
    });

    it('changes nothing on an archived DTU (409)', async () => {
      const open = await property(kind, { status: 1, dtuStatus: -1 });
      expectRefusal(await postForm(calls.status, t.admin, { id: open.id, status: 0 }), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      const stopped = await property(kind, { dtuId: open.dtuId, serialCode: 'TX_POWER' });
      expectRefusal(await postForm(calls.status, t.admin, { id: stopped.id, status: 1 }), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      expectRefusal(await postForm(calls.remove, t.admin, { id: stopped.id }), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      expect(await statusOf(kind, open.id)).toBe(1);
      expect(await statusOf(kind, stopped.id)).toBe(0);
    });

    it('answers 404 for another tenant\'s property and shows a sub-user its owner\'s', async () => {
      const { id, dtuId } = await property(kind);
      const other = await tenant();
      expectRefusal(await get(calls.list, other.token, { dtuId }), 404, MSG.recordNotFound);
      expectRefusal(await get(calls.detail, other.token, { id }), 404, MSG.recordNotFound);
      expectRefusal(await postForm(calls.status, other.token, { id, status: 1 }), 404, MSG.recordNotFound);
      expectRefusal(await postForm(calls.remove, other.token, { id }), 404, MSG.recordNotFound);
      expect(await statusOf(kind, id)).toBe(0);
      const sub = await userWith([PARTS]);
      expect(dataOf<Page<{ id: number }>>(await get(calls.list, sub.token, { dtuId })).list.map((row) => row.id)).toEqual([id]);
      expect(dataOf<{ id: number }>(await get(calls.detail, sub.token, { id })).id).toBe(id);
      dataOf(await postForm(calls.status, sub.token, { id, status: 1 }));
    });

    it('lets a tenant work on its own DTU\'s properties', async () => {
      const owner = await tenant();
      const dtuId = await createDtu(db(), { ownerId: owner.id, communicationType: 'bluetooth' });
      const { id } = await property(kind, { dtuId });
      dataOf(await postForm(calls.status, owner.token, { id, status: 1 }));
      dataOf(await postForm(calls.status, owner.token, { id, status: 0 }));
      dataOf(await postForm(calls.remove, owner.token, { id }));
    });
  });

  describe('permissions', () => {
    it('refuses every call to a user without 配件管理, before reading, and writes nothing', async () => {
      const { token } = await userWith(['/account']);
      const { id, dtuId } = await property('auto');
      const before = await Promise.all(KINDS.map((kind) => count(TABLES[kind])));
      const responses = await Promise.all([
        get(PATHS.dtuSerialTypes, token, { communicationTypeCode: 'bluetooth' }),
        get(PATHS.dtuAutoTypes, token),
        get(PATHS.dtuDataTypes, token),
        ...KINDS.flatMap((kind) => [
          get(CALLS[kind].list, token, { dtuId }),
          get(CALLS[kind].detail, token, { id }),
          postForm(CALLS[kind].status, token, { id, status: 1 }),
          postForm(CALLS[kind].remove, token, { id }),
        ]),
        postForm(PATHS.serialPropertyAdd, token, { dtuId, code: 'BAUD_RATE', verifyRule: 'EQUAL', aimValue: '9600' }),
        postForm(PATHS.serialPropertyEdit, token, { id, dtuId, code: 'BAUD_RATE', verifyRule: 'EQUAL', aimValue: '9600' }),
        postForm(PATHS.autoPropertyAdd, token, { dtuId, name: '电量', code: 'BATTERY', dataType: 'int', aimValue: '1' }),
        postForm(PATHS.autoPropertyEdit, token, { id, dtuId, name: '电量', code: 'BATTERY', dataType: 'int', aimValue: '1' }),
        postForm(PATHS.otherPropertyAdd, token, { dtuId, category: '外观', property: '外壳', checkTool: '目测', checkStandard: '无划痕' }),
        postForm(PATHS.otherPropertyEdit, token, { id, dtuId, category: '外观', property: '外壳', checkTool: '目测', checkStandard: '无划痕' }),
        post(PATHS.autoPropertyAdd, token, {}),
      ]);
      for (const response of responses) expectRefusal(response, 403, MSG.noPermission);
      expect(await Promise.all(KINDS.map((kind) => count(TABLES[kind])))).toEqual(before);
      expect(await statusOf('auto', id)).toBe(0);
    });
  });
});
