import { describe, expect, it } from 'vitest';
import { autoPropertyAddBody } from './dtu-property.js';
import { AUTO_CATALOGUE, COMMUNICATION_TYPES, DTU_UNIQUE_TYPES, SERIAL_CATALOGUE, serialCatalogue } from './catalogue.js';

/**
 * The catalogues are what the automatic and serial forms are filled from: each item
 * must be something the property rules accept as it is, or 从目录选择 would fill a
 * form its own 保存 refuses.
 */
describe('the DTU catalogues', () => {
  const everyAutoItem = Object.entries(AUTO_CATALOGUE).flatMap(([type, items]) => items.map((item) => ({ type, item })));

  it('lists an automatic catalogue for every communication type, and a serial one for bluetooth only', () => {
    for (const type of COMMUNICATION_TYPES) expect(AUTO_CATALOGUE[type.code].length).toBeGreaterThan(0);
    expect(Object.keys(SERIAL_CATALOGUE)).toEqual(['bluetooth']);
    expect(serialCatalogue('WIFI')).toEqual([]);
  });

  it('names every automatic item as a property may be named, with a unique flag only where uniqueness applies', () => {
    for (const { type, item } of everyAutoItem) {
      const body = {
        dtuId: 1,
        name: item.name,
        code: item.code,
        dataType: item.dataType,
        unique: item.unique ?? false,
        verifyRule: item.verifyRules.includes('RANGE') ? 'RANGE' : 'EQUAL',
        minValue: '0',
        maxValue: '10',
        aimValue: '1',
        trueValue: '通过',
        falseValue: '失败',
        aimBooleanValue: 1,
      };
      const parsed = autoPropertyAddBody.safeParse(body);
      expect(parsed.success, `${type} ${item.code}: ${parsed.error?.issues[0]?.message}`).toBe(true);
      if (item.unique) expect(DTU_UNIQUE_TYPES).toContain(item.dataType);
    }
  });

  it('keeps codes unique within each list, as a DTU keeps one property per code', () => {
    for (const items of [...Object.values(AUTO_CATALOGUE), ...Object.values(SERIAL_CATALOGUE)]) {
      expect(new Set(items.map((item) => item.code)).size).toBe(items.length);
    }
  });
});
