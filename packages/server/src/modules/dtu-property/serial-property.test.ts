import { ACCESSORY_MSG, MSG, type Page, PATHS, type SerialProperty } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuApi } from '../../../test/dtu-api.js';
import { createDtu, createSerialProperty } from '../../../test/factories/dtus.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

type Form = Record<string, string | number>;

describe.each(testDialects())('serial test properties on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, postForm, tenant, count } = dtuApi(t);

  const bluetooth = () => createDtu(db(), { communicationType: 'bluetooth' });
  const row = (id: number) => db().selectFrom('dtu_serial_property').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const detail = async (id: number) => dataOf<SerialProperty>(await get(PATHS.serialPropertyDetail, t.admin, { id }));
  const add = (form: Form, token = t.admin) => postForm(PATHS.serialPropertyAdd, token, form);
  const edit = (form: Form, token = t.admin) => postForm(PATHS.serialPropertyEdit, token, form);
  const equal = (dtuId: number, extra: Form = {}): Form => ({ dtuId, code: 'BAUD_RATE', verifyRule: 'EQUAL', aimValue: '9600', minValue: '', maxValue: '', ...extra });
  const range = (dtuId: number, extra: Form = {}): Form => ({ dtuId, code: 'BLE_RSSI', verifyRule: 'RANGE', aimValue: '', minValue: '-80', maxValue: '-20', ...extra });

  describe('add', () => {
    let dtuId: number;
    beforeAll(async () => {
      dtuId = await bluetooth();
    });

    it('adds a value of the catalogue, named by it, untested; the detail carries its unit', async () => {
      const id = dataOf<number>(await add(equal(dtuId, { name: '随便' })));
      expect(await row(id)).toMatchObject({ dtuId, name: '串口波特率', code: 'BAUD_RATE', verifyRule: 'EQUAL', aimValue: '9600', minValue: null, maxValue: null, status: 0 });
      expect(await detail(id)).toMatchObject({ id, dtuId, name: '串口波特率', unit: 'bps', status: 0 });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.serialPropertyAdd))?.summary).toMatch(/^新增串口检测属性 串口波特率\(BAUD_RATE\) DTU /);
    });

    it('keeps only what the mode uses: a range drops the standard, a single value the bounds', async () => {
      const ranged = dataOf<number>(await add(range(dtuId, { aimValue: '-50' })));
      expect(await row(ranged)).toMatchObject({ verifyRule: 'RANGE', aimValue: null, minValue: '-80', maxValue: '-20' });
      const single = dataOf<number>(await add(equal(dtuId, { code: 'SERIAL_LOOPBACK', aimValue: 'OK', minValue: '1', maxValue: '2' })));
      expect(await row(single)).toMatchObject({ verifyRule: 'EQUAL', aimValue: 'OK', minValue: null, maxValue: null });
      expect((await detail(single)).unit).toBeNull();
    });

    describe('refuses each invalid field with the form\'s message', () => {
      const cases: [string, Form, string][] = [
        ['no property chosen', { code: '' }, ACCESSORY_MSG.serialPropertyRequired],
        ['no rule', { verifyRule: '' }, ACCESSORY_MSG.verifyRuleRequired],
        ['an unknown rule', { verifyRule: 'ABOUT' }, ACCESSORY_MSG.verifyRuleRequired],
        ['a single value without its standard', { aimValue: '' }, ACCESSORY_MSG.serialAimRequired],
        ['a range without its minimum', { verifyRule: 'RANGE', minValue: '', maxValue: '5' }, ACCESSORY_MSG.serialMinRequired],
        ['a minimum that is no number', { verifyRule: 'RANGE', minValue: 'low', maxValue: '5' }, ACCESSORY_MSG.serialMinNumber],
        ['a range without its maximum', { verifyRule: 'RANGE', minValue: '1', maxValue: '' }, ACCESSORY_MSG.serialMaxRequired],
        ['a maximum that is no number', { verifyRule: 'RANGE', minValue: '1', maxValue: 'high' }, ACCESSORY_MSG.serialMaxNumber],
        ['a minimum not below the maximum', { verifyRule: 'RANGE', minValue: '5', maxValue: '5' }, ACCESSORY_MSG.serialMinOrder],
      ];
      it.each(cases)('%s', async (_name, extra, message) => {
        const before = await count('dtu_serial_property');
        expectRefusal(await add(equal(dtuId, extra)), 400, message);
        expect(await count('dtu_serial_property')).toBe(before);
      });
    });

    it('refuses a code outside the catalogue and a rule its entry does not offer (400)', async () => {
      const before = await count('dtu_serial_property');
      expectRefusal(await add(equal(dtuId, { code: 'IMEI' })), 400, ACCESSORY_MSG.serialCodeUnknown);
      expectRefusal(await add(range(dtuId, { code: 'SERIAL_LOOPBACK' })), 400, ACCESSORY_MSG.verifyRuleNotOffered);
      expect(await count('dtu_serial_property')).toBe(before);
    });

    it('refuses serial properties to a DTU that is not bluetooth (409)', async () => {
      for (const options of [{ communicationType: 'WIFI' }, { communicationType: null, connectInternet: false }]) {
        const other = await createDtu(db(), options);
        expectRefusal(await add(equal(other)), 409, ACCESSORY_MSG.serialNotBluetooth);
      }
    });

    it('takes a code once per DTU (409), and the same code on another DTU', async () => {
      const dtu = await bluetooth();
      dataOf(await add(equal(dtu, { code: 'TX_POWER' })));
      expectRefusal(await add(range(dtu, { code: 'TX_POWER' })), 409, ACCESSORY_MSG.propertyCodeTaken);
      dataOf(await add(equal(await bluetooth(), { code: 'TX_POWER' })));
    });

    it('refuses an archived DTU (409) and answers 404 for an unknown one or another tenant\'s', async () => {
      const before = await count('dtu_serial_property');
      const archived = await createDtu(db(), { communicationType: 'bluetooth', status: -1 });
      expectRefusal(await add(equal(archived)), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      expectRefusal(await add(equal(9_999_999)), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await add(equal(dtuId), other.token), 404, MSG.recordNotFound);
      expect(await count('dtu_serial_property')).toBe(before);
    });
  });

  describe('edit', () => {
    it('changes the property (code, rule and values), named by the catalogue again', async () => {
      const dtuId = await bluetooth();
      const id = await createSerialProperty(db(), dtuId);
      dataOf(await edit({ id, ...range(dtuId, { code: 'SUPPLY_CURRENT', minValue: '10.5', maxValue: '20' }) }));
      expect(await row(id)).toMatchObject({ name: '工作电流', code: 'SUPPLY_CURRENT', verifyRule: 'RANGE', aimValue: null, minValue: '10.5', maxValue: '20' });
      expect((await detail(id)).unit).toBe('mA');
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.serialPropertyEdit))?.summary).toMatch(/^编辑串口检测属性 串口波特率\(BAUD_RATE\) DTU /);
      dataOf(await edit({ id, ...range(dtuId, { code: 'SUPPLY_CURRENT', minValue: '1', maxValue: '2' }) }));
    });

    it('refuses a code another of the DTU\'s properties has (409)', async () => {
      const dtuId = await bluetooth();
      await createSerialProperty(db(), dtuId, { code: 'TX_POWER' });
      const id = await createSerialProperty(db(), dtuId);
      expectRefusal(await edit({ id, ...equal(dtuId, { code: 'TX_POWER', aimValue: '4' }) }), 409, ACCESSORY_MSG.propertyCodeTaken);
      expect((await row(id)).code).toBe('BAUD_RATE');
    });

    it('edits no property under test, nor one of an archived DTU (409), changing nothing', async () => {
      const dtuId = await bluetooth();
      const testing = await createSerialProperty(db(), dtuId, { status: 1 });
      expectRefusal(await edit({ id: testing, ...equal(dtuId, { aimValue: '115200' }) }), 409, ACCESSORY_MSG.propertyTesting);
      const archived = await createDtu(db(), { communicationType: 'bluetooth', status: -1 });
      const old = await createSerialProperty(db(), archived);
      expectRefusal(await edit({ id: old, ...equal(archived, { aimValue: '115200' }) }), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      expect((await row(testing)).aimValue).toBe('9600');
      expect((await row(old)).aimValue).toBe('9600');
    });

    it('answers 404 for an unknown property, another tenant\'s, or a DTU that is not its own', async () => {
      const dtuId = await bluetooth();
      const id = await createSerialProperty(db(), dtuId);
      expectRefusal(await edit({ id: 9_999_999, ...equal(dtuId) }), 404, MSG.recordNotFound);
      expectRefusal(await edit({ id, ...equal(await bluetooth()) }), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await edit({ id, ...equal(dtuId, { aimValue: '1' }) }, other.token), 404, MSG.recordNotFound);
      expect((await row(id)).aimValue).toBe('9600');
    });

    it('validates the form as add does', async () => {
      const dtuId = await bluetooth();
      const id = await createSerialProperty(db(), dtuId);
      expectRefusal(await edit({ id, ...range(dtuId, { minValue: '9', maxValue: '1' }) }), 400, ACCESSORY_MSG.serialMinOrder);
      expectRefusal(await edit(equal(dtuId)), 400, MSG.idRequired);
    });
  });

  describe('list', () => {
    let dtuId: number;
    const ids: number[] = [];
    beforeAll(async () => {
      dtuId = await bluetooth();
      const base = Date.now() - 10_000;
      const codes = ['SERIAL_LOOPBACK', 'BAUD_RATE', 'BLE_RSSI', 'TX_POWER', 'SUPPLY_CURRENT', 'SERIAL_VERSION'];
      for (const [index, code] of codes.entries()) ids.push(await createSerialProperty(db(), dtuId, { code, aimValue: '1', createTime: base + index }));
      await createSerialProperty(db(), await bluetooth());
    });

    it('lists the DTU\'s serial properties newest first, 5 a page by default, with units', async () => {
      const page = dataOf<Page<SerialProperty>>(await get(PATHS.serialPropertyList, t.admin, { dtuId }));
      expect(page).toMatchObject({ total: 6, pageSize: 5, pageNum: 1 });
      expect(page.list.map((property) => property.id)).toEqual(ids.slice(1).reverse());
      expect(page.list.find((property) => property.code === 'BLE_RSSI')?.unit).toBe('dBm');
      const second = dataOf<Page<SerialProperty>>(await get(PATHS.serialPropertyList, t.admin, { dtuId, page: 2 }));
      expect(second.list.map((property) => property.id)).toEqual([ids[0]]);
      expect(dataOf<Page<SerialProperty>>(await get(PATHS.serialPropertyList, t.admin, { dtuId, pageSize: 0 })).list).toHaveLength(6);
    });

    it('lists an archived DTU\'s properties too (its history pages)', async () => {
      const archived = await createDtu(db(), { communicationType: 'bluetooth', status: -1 });
      const id = await createSerialProperty(db(), archived);
      expect(dataOf<Page<SerialProperty>>(await get(PATHS.serialPropertyList, t.admin, { dtuId: archived })).list.map((p) => p.id)).toEqual([id]);
      expect((await detail(id)).id).toBe(id);
    });

    it('answers 404 for another tenant\'s DTU and property', async () => {
      const other = await tenant();
      expectRefusal(await get(PATHS.serialPropertyList, other.token, { dtuId }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.serialPropertyDetail, other.token, { id: ids[0]! }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.serialPropertyDetail, t.admin, { id: 9_999_999 }), 404, MSG.recordNotFound);
    });
  });
});
