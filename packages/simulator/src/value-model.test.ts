import { judgeValue, type StationItem } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.js';
import { drawResult, itemValue } from './value-model.js';

const base: Omit<StationItem, 'id' | 'name' | 'code' | 'dataTypeId'> = {
  unitName: null,
  min: null,
  max: null,
  length: null,
  enumerates: null,
  trueValue: null,
  falseValue: null,
  intervalNumber: 0,
  normalValue: '',
  normalValueMax: '',
  normalStr: '',
  normalBoolean: null,
  normalEnums: [],
  standard: '',
};

const items: StationItem[] = [
  { ...base, id: 1, name: '工作电流', code: 'current', dataTypeId: 'int', min: 0, max: 2000, intervalNumber: 1, normalValue: '80', normalValueMax: '150' },
  { ...base, id: 2, name: '供电电压', code: 'voltage', dataTypeId: 'float', min: 0, max: 5, intervalNumber: 1, normalValue: '3.1', normalValueMax: '3.5' },
  { ...base, id: 3, name: '待机功率', code: 'standby', dataTypeId: 'double', min: 0, max: 5, normalValue: '1.2' },
  { ...base, id: 4, name: '电源开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', normalBoolean: 1 },
  { ...base, id: 5, name: '固件版本', code: 'fw', dataTypeId: 'string', length: 16, normalStr: 'v2.1.0' },
  { ...base, id: 6, name: '信号档位', code: 'level', dataTypeId: 'enum', enumerates: { 0: '弱', 1: '中', 2: '强' }, normalEnums: ['1', '2'] },
  { ...base, id: 7, name: '信号强度', code: 'rssi', dataTypeId: 'int', min: -120, max: 0, intervalNumber: 1, normalValue: '-70', normalValueMax: '-20' },
  { ...base, id: 8, name: '模式', code: 'mode', dataTypeId: 'enum', enumerates: { 0: '定时', 1: '常开' }, normalEnums: ['0', '1'] },
];

describe('value model', () => {
  it.each(items.map((item) => [item.name, item] as const))('draws values of %s that pass, and values that fail, by the shared verdict', (_name, item) => {
    const random = seededRandom(42);
    for (let draw = 0; draw < 300; draw++) {
      expect(judgeValue(item, itemValue(item, random, true)).result).toBe(1);
      expect(judgeValue(item, itemValue(item, random, false)).result).toBe(0);
    }
  });

  it('keeps failing numbers just outside the range, not anywhere', () => {
    const random = seededRandom(7);
    const voltage = items[1]!;
    for (let draw = 0; draw < 200; draw++) {
      const value = Number(itemValue(voltage, random, false));
      expect(value < 3.1 || value > 3.5).toBe(true);
      expect(value).toBeGreaterThan(2.8);
      expect(value).toBeLessThan(3.8);
    }
  });

  it('fails about the share of results asked for, with manual checks among the failures', () => {
    const random = seededRandom(1);
    const manual = [{ id: 11, name: '外壳无划痕' }];
    let failed = 0;
    let manualFailed = 0;
    const draws = 4000;
    for (let draw = 0; draw < draws; draw++) {
      const result = drawResult(items, manual, 0.1, random);
      const anyAutoFails = result.autoValues.some(({ itemId, value }) => judgeValue(items.find((item) => item.id === itemId)!, value).result === 0);
      const manualFails = result.manualResults.some((row) => !row.pass);
      expect(result.expectPass).toBe(!anyAutoFails && !manualFails);
      if (!result.expectPass) failed += 1;
      if (manualFails) manualFailed += 1;
    }
    expect(failed / draws).toBeGreaterThan(0.08);
    expect(failed / draws).toBeLessThan(0.12);
    expect(manualFailed).toBeGreaterThan(0);
  });

  it('never fails a flow at a failure rate of 0, and always at 1', () => {
    const random = seededRandom(3);
    for (let draw = 0; draw < 200; draw++) {
      expect(drawResult(items, [], 0, random).expectPass).toBe(true);
      expect(drawResult(items, [], 1, random).expectPass).toBe(false);
    }
    expect(drawResult([], [], 1, random).expectPass).toBe(true);
  });
});
