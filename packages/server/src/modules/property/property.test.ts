import { type Envelope, MSG, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, uniqueCode } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { propertyApi } from '../../../test/property-api.js';

describe.each(testDialects())('custom properties on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, post, propertyCount, row, base, add, detail } = propertyApi(t);

  describe('form messages', () => {
    let productId: number;
    beforeAll(async () => {
      productId = await createProduct(db());
    });

    const refusals: [string, object, string][] = [
      ['name missing', { name: undefined, dataTypeId: 'url' }, MSG.propertyNameRequired],
      ['name blank', { name: '  ', dataTypeId: 'url' }, MSG.propertyNameRequired],
      ['name of one character', { name: '温', dataTypeId: 'url' }, MSG.propertyNameRule],
      ['name of 33 characters', { name: 'a'.repeat(33), dataTypeId: 'url' }, MSG.propertyNameRule],
      ['name with a dash', { name: '温-度', dataTypeId: 'url' }, MSG.propertyNameRule],
      ['code missing', { code: undefined, dataTypeId: 'url' }, MSG.propertyCodeRequired],
      ['code in Chinese', { code: '温度', dataTypeId: 'url' }, MSG.propertyCodeRule],
      ['code of one letter', { code: 't', dataTypeId: 'url' }, MSG.propertyCodeRule],
      ['data type missing', {}, MSG.dataTypeRequired],
      ['data type unknown', { dataTypeId: 'date' }, MSG.dataTypeRequired],
      ['description missing', { description: undefined, dataTypeId: 'url' }, MSG.propertyDescriptionRequired],
      ['description of 101 characters', { description: '长'.repeat(101), dataTypeId: 'url' }, MSG.propertyDescriptionTooLong],
      // boolean
      ['boolean without values', { dataTypeId: 'boolean' }, MSG.booleanValueRequired],
      ['boolean without false value', { dataTypeId: 'boolean', trueValue: '开' }, MSG.booleanValueRequired],
      ['boolean with equal values', { dataTypeId: 'boolean', trueValue: '开', falseValue: '开' }, MSG.booleanValuesEqual],
      ['boolean with a symbol', { dataTypeId: 'boolean', trueValue: 'on!', falseValue: '关' }, MSG.booleanValueRule],
      // string
      ['string without length', { dataTypeId: 'string' }, MSG.lengthRequired],
      ['string with a leading zero', { dataTypeId: 'string', length: '05' }, MSG.lengthIrregular],
      ['string with length 0', { dataTypeId: 'string', length: '0' }, MSG.lengthIrregular],
      ['string with a word for length', { dataTypeId: 'string', length: 'ten' }, MSG.lengthIrregular],
      ['string with length 256', { dataTypeId: 'string', length: '256' }, MSG.lengthRange],
      // enum
      ['enum without items', { dataTypeId: 'enum' }, MSG.enumRequired],
      ['enum with no entry', { dataTypeId: 'enum', enumerates: {} }, MSG.enumRequired],
      ['enum with an empty item', { dataTypeId: 'enum', enumerates: { '0': '红', '1': ' ' } }, MSG.enumRequired],
      ['enum as unreadable text', { dataTypeId: 'enum', enumerates: 'red,green' }, MSG.enumRequired],
      ['enum with a symbol', { dataTypeId: 'enum', enumerates: { '0': 'red-1' } }, MSG.enumRule],
      ['enum with duplicates', { dataTypeId: 'enum', enumerates: { '0': '红', '1': '红' } }, MSG.enumDuplicate],
      ['enum as JSON text with duplicates', { dataTypeId: 'enum', enumerates: '{"0":"红","1":"红 "}' }, MSG.enumDuplicate],
      ['enum as JSON text with a symbol', { dataTypeId: 'enum', enumerates: '{"0":"a b"}' }, MSG.enumRule],
    ];
    for (const type of ['int', 'float', 'double'] as const) {
      refusals.push(
        [`${type} without bounds`, { dataTypeId: type }, MSG.rangeRequired],
        [`${type} without max`, { dataTypeId: type, min: '1' }, MSG.rangeRequired],
        [`${type} with a word`, { dataTypeId: type, min: 'low', max: '10' }, MSG.rangeNotNumber],
        [`${type} with a plus sign`, { dataTypeId: type, min: '+1', max: '10' }, MSG.rangeNotNumber],
        [`${type} with min equal to max`, { dataTypeId: type, min: '5', max: '5' }, MSG.rangeOrder],
        [`${type} with min above max`, { dataTypeId: type, min: '10', max: '-2' }, MSG.rangeOrder],
      );
    }
    refusals.push(['int with a fraction', { dataTypeId: 'int', min: '0.5', max: '10' }, MSG.rangeNotNumber]);

    it.each(refusals)('refuses %s with its message and stores nothing', async (_, overrides, message) => {
      const before = await propertyCount(productId);
      const response = await post(PATHS.propertyAdd, t.admin, base(productId, overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
      expect(await propertyCount(productId)).toBe(before);
    });

    it('checks the edit form with the same messages', async () => {
      const id = await add(base(productId, { dataTypeId: 'url' }));
      const response = await post(PATHS.propertyEdit, t.admin, { id, ...base(productId, { dataTypeId: 'enum', enumerates: { '0': '红', '1': '红' } }) });
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.enumDuplicate);
      expect((await row(id)).dataTypeId).toBe('url');
    });
  });

  describe('storing each type', () => {
    let productId: number;
    beforeAll(async () => {
      productId = await createProduct(db());
    });

    it('stores a boolean with its two values only', async () => {
      const id = await add(base(productId, { dataTypeId: 'boolean', trueValue: ' 开 ', falseValue: '关', min: '1', max: '9', length: '3' }));
      expect(await detail(id)).toMatchObject({
        dataTypeId: 'boolean',
        dataTypeName: '布尔型',
        trueValue: '开',
        falseValue: '关',
        min: null,
        max: null,
        length: null,
        enumerates: null,
      });
    });

    it('stores the numeric types with their range and unit', async () => {
      const unit = await db().selectFrom('unit').select(['id', 'name']).orderBy('sequence').executeTakeFirstOrThrow();
      for (const [type, min, max] of [
        ['int', '-10', '100'],
        ['float', '-1.5', '2.25'],
        ['double', '0.001', '99999.999'],
      ] as const) {
        const id = await add(base(productId, { dataTypeId: type, min, max, unitId: unit.id, trueValue: '开' }));
        expect(await detail(id)).toMatchObject({
          dataTypeId: type,
          min: Number(min),
          max: Number(max),
          unitId: unit.id,
          unitName: unit.name,
          trueValue: null,
        });
      }
    });

    it('refuses an unknown unit', async () => {
      const response = await post(PATHS.propertyAdd, t.admin, base(productId, { dataTypeId: 'int', min: '0', max: '1', unitId: 99999 }));
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.invalidInput);
    });

    it('stores a string with its length', async () => {
      const id = await add(base(productId, { dataTypeId: 'string', length: '255', valueDescription: '序列号' }));
      expect(await detail(id)).toMatchObject({ dataTypeId: 'string', length: 255, valueDescription: '序列号', min: null });
    });

    it('stores an enum given as an object or as its JSON text', async () => {
      const asObject = await add(base(productId, { dataTypeId: 'enum', enumerates: { '1': '绿', '0': '红' } }));
      const asText = await add(base(productId, { dataTypeId: 'enum', enumerates: '{"0":"低","1":"高"}' }));
      expect((await detail(asObject)).enumerates).toEqual({ '0': '红', '1': '绿' });
      expect((await detail(asText)).enumerates).toEqual({ '0': '低', '1': '高' });
      expect(JSON.parse((await row(asText)).enumerates!)).toEqual({ '0': '低', '1': '高' });
    });

    it('stores a url with no type fields', async () => {
      const id = await add(base(productId, { dataTypeId: 'url', length: '12' }));
      expect(await detail(id)).toMatchObject({ dataTypeId: 'url', dataTypeName: '链接', length: null, enumerates: null });
    });

    it('clears the fields of the old type when the type changes', async () => {
      const unit = await db().selectFrom('unit').select('id').orderBy('sequence').executeTakeFirstOrThrow();
      const id = await add(base(productId, { dataTypeId: 'int', min: '0', max: '10', unitId: unit.id }));
      const before = await row(id);
      const response = await post(PATHS.propertyEdit, t.admin, {
        id,
        ...base(productId, { code: before.code, dataTypeId: 'string', length: '8', min: '0', max: '10', unitId: unit.id }),
      });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await row(id)).toMatchObject({ dataTypeId: 'string', length: 8, min: null, max: null, unitId: null });
      await post(PATHS.propertyEdit, t.admin, {
        id,
        ...base(productId, { code: before.code, dataTypeId: 'enum', enumerates: { '0': '甲' }, length: '8' }),
      });
      expect(await row(id)).toMatchObject({ dataTypeId: 'enum', length: null, enumerates: '{"0":"甲"}' });
    });
  });

  describe('codes', () => {
    it('keeps codes unique within a product, not across products', async () => {
      const productId = await createProduct(db());
      const other = await createProduct(db());
      const code = uniqueCode('dup');
      await add(base(productId, { code, dataTypeId: 'url' }));
      const again = await post(PATHS.propertyAdd, t.admin, base(productId, { code, dataTypeId: 'url', name: '别名' }));
      expect(again.statusCode).toBe(409);
      expect(again.json<Envelope<null>>().errorMsg).toBe(MSG.propertyCodeTaken);
      expect(await propertyCount(productId)).toBe(1);
      await add(base(other, { code, dataTypeId: 'url' }));
    });

    it('refuses to edit a property onto another one’s code, and keeps its own', async () => {
      const productId = await createProduct(db());
      const first = await add(base(productId, { dataTypeId: 'url' }));
      const second = await add(base(productId, { dataTypeId: 'url' }));
      const firstCode = (await row(first)).code;
      const clash = await post(PATHS.propertyEdit, t.admin, { id: second, ...base(productId, { code: firstCode, dataTypeId: 'url' }) });
      expect(clash.statusCode).toBe(409);
      expect(clash.json<Envelope<null>>().errorMsg).toBe(MSG.propertyCodeTaken);
      const same = await post(PATHS.propertyEdit, t.admin, {
        id: first,
        ...base(productId, { code: firstCode, name: '新名称', dataTypeId: 'url' }),
      });
      expect(same.statusCode).toBe(200);
      expect((await row(first)).name).toBe('新名称');
    });

    it('answers 404 for an edit naming another product than the property’s', async () => {
      const productId = await createProduct(db());
      const other = await createProduct(db());
      const id = await add(base(productId, { dataTypeId: 'url' }));
      const response = await post(PATHS.propertyEdit, t.admin, { id, ...base(other, { dataTypeId: 'url' }) });
      expect(response.statusCode).toBe(404);
    });
  });
});
