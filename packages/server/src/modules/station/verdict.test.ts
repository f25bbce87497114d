import { INTERVAL, isScalarValue, judgeValue, type StandardItem, standardText } from '@factory/contracts';
import { describe, expect, it } from 'vitest';

// The shared verdict of the contracts (server and station app), once: it reads no database.

const base: StandardItem = {
  id: 1,
  name: '项',
  dataTypeId: 'int',
  min: null,
  max: null,
  length: null,
  enumerates: null,
  trueValue: null,
  falseValue: null,
  intervalNumber: INTERVAL.value,
  normalValue: '',
  normalValueMax: '',
  normalStr: '',
  normalBoolean: null,
  normalEnums: [],
};
const item = (fields: Partial<StandardItem>): StandardItem => ({ ...base, ...fields });
const result = (standard: StandardItem, value: Parameters<typeof judgeValue>[1]) => judgeValue(standard, value).result;

describe('judgeValue', () => {
  it('judges an int range inclusively at both ends', () => {
    const range = item({ dataTypeId: 'int', intervalNumber: INTERVAL.range, normalValue: '-5', normalValueMax: '5' });
    expect([-6, -5, 0, 5, 6].map((value) => result(range, value))).toEqual([0, 1, 1, 1, 0]);
    expect(result(range, '5')).toBe(1);
    expect(result(range, '1.0')).toBe(1);
    expect(result(range, 1.5)).toBe(0);
  });

  it('judges a float or double single value by equality of the numbers', () => {
    const single = item({ dataTypeId: 'float', normalValue: '0.1' });
    expect(result(single, 0.1)).toBe(1);
    expect(result(single, '0.10')).toBe(1);
    expect(result(single, '1e-1')).toBe(1);
    expect(result(single, 0.11)).toBe(0);
    const range = item({ dataTypeId: 'double', intervalNumber: INTERVAL.range, normalValue: '0.5', normalValueMax: '0.75' });
    expect([0.49, 0.5, 0.75, 0.76].map((value) => result(range, value))).toEqual([0, 1, 1, 0]);
  });

  it('fails what is not a number at a numeric item', () => {
    const range = item({ intervalNumber: INTERVAL.range, normalValue: '0', normalValueMax: '9' });
    for (const value of ['abc', '1,5', '0x5', true, Number.NaN, Number.POSITIVE_INFINITY]) expect(result(range, value)).toBe(0);
  });

  it('judges a boolean by true/false, 1/0 and the property labels', () => {
    const on = item({ dataTypeId: 'boolean', trueValue: '通过', falseValue: '不通过', normalBoolean: 1 });
    expect([true, 1, '1', 'TRUE', '通过'].map((value) => result(on, value))).toEqual([1, 1, 1, 1, 1]);
    expect([false, 0, '0', 'false', '不通过', '2', 2, 'yes'].map((value) => result(on, value))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const off = item({ dataTypeId: 'boolean', trueValue: '通过', falseValue: '不通过', normalBoolean: 0 });
    expect([false, '不通过', 1].map((value) => result(off, value))).toEqual([1, 1, 0]);
  });

  it('judges a string or url by equality within the length', () => {
    const text = item({ dataTypeId: 'string', length: 5, normalStr: 'V1.20' });
    expect(result(text, 'V1.20')).toBe(1);
    expect(result(text, ' V1.20 ')).toBe(1);
    expect(result(text, 'v1.20')).toBe(0);
    expect(result(text, 'V1.200')).toBe(0);
    // A standard longer than the length can never be met.
    expect(result(item({ dataTypeId: 'string', length: 2, normalStr: 'ABC' }), 'ABC')).toBe(0);
    expect(result(item({ dataTypeId: 'url', normalStr: 'https://a.example/x' }), 'https://a.example/x')).toBe(1);
    expect(result(text, true)).toBe(0);
  });

  it('judges an enum by membership, given the key or the label', () => {
    const levels = item({ dataTypeId: 'enum', enumerates: { '0': '低', '1': '中', '2': '高' }, normalEnums: ['1', '2'] });
    expect(['1', 2, '中', '高'].map((value) => result(levels, value))).toEqual([1, 1, 1, 1]);
    expect(['0', '低', '3', '中高', false].map((value) => result(levels, value))).toEqual([0, 0, 0, 0, 0]);
  });

  it('fails a missing value and records it as null', () => {
    const range = item({ intervalNumber: INTERVAL.range, normalValue: '0', normalValueMax: '9' });
    for (const value of [null, undefined, '', '   ']) expect(judgeValue(range, value)).toEqual({ value: null, result: 0 });
  });

  it('records the value as trimmed text', () => {
    expect(judgeValue(item({ normalValue: '5' }), ' 5 ')).toEqual({ value: '5', result: 1 });
    expect(judgeValue(item({ dataTypeId: 'boolean', normalBoolean: 1 }), true)).toEqual({ value: 'true', result: 1 });
  });
});

describe('isScalarValue', () => {
  it('takes text, numbers, true/false and nothing; refuses objects and lists', () => {
    expect(['a', 1, false, null, undefined].map(isScalarValue)).toEqual([true, true, true, true, true]);
    expect([{}, [], [1], { value: 1 }].map(isScalarValue)).toEqual([false, false, false, false]);
  });
});

describe('standardText', () => {
  it('writes each kind of standard on one line', () => {
    expect(
      standardText({ ...item({ intervalNumber: INTERVAL.range, normalValue: '10', normalValueMax: '20' }), unitName: '伏特(V)' }),
    ).toBe('10 ~ 20 伏特(V)');
    expect(standardText(item({ normalValue: '7' }))).toBe('7');
    expect(standardText(item({ dataTypeId: 'boolean', normalBoolean: 0, falseValue: '关' }))).toBe('关');
    expect(standardText(item({ dataTypeId: 'boolean', normalBoolean: 1 }))).toBe('是');
    expect(standardText(item({ dataTypeId: 'enum', enumerates: { '0': '低', '1': '中' }, normalEnums: ['0', '1'] }))).toBe('低 / 中');
    expect(standardText(item({ dataTypeId: 'string', normalStr: 'OK' }))).toBe('OK');
  });
});
