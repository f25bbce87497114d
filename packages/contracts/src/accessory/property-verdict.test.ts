import { describe, expect, it } from 'vitest';
import { judgeValue } from '../station/verdict.js';
import type { AutoProperty, SerialProperty } from './dtu-property.js';
import { autoPropertyItem, serialPropertyItem } from './property-verdict.js';

/*
 * A DTU's automatic and serial properties are judged by the one verdict of the
 * product properties (judgeValue), through the items these adapters build.
 */

function auto(overrides: Partial<AutoProperty>): AutoProperty {
  return {
    id: 1,
    dtuId: 1,
    name: '属性',
    code: 'CODE',
    dataType: 'int',
    dataTypeName: '整数(int)',
    verifyRule: 'EQUAL',
    aimValue: null,
    minValue: null,
    maxValue: null,
    unique: false,
    trueValue: null,
    falseValue: null,
    aimBooleanValue: null,
    enumMap: null,
    aimEnumMap: null,
    description: null,
    status: 1,
    createTime: '2025-01-01 00:00:00',
    ...overrides,
  };
}

function serial(overrides: Partial<SerialProperty>): SerialProperty {
  return {
    id: 1,
    dtuId: 1,
    name: '串口属性',
    code: 'BAUD_RATE',
    verifyRule: 'EQUAL',
    aimValue: null,
    minValue: null,
    maxValue: null,
    unit: null,
    status: 1,
    createTime: '2025-01-01 00:00:00',
    ...overrides,
  };
}

const passes = (property: AutoProperty | SerialProperty, value: string | number | boolean | null | undefined) => {
  const item = 'dataType' in property ? autoPropertyItem(property) : serialPropertyItem(property);
  return judgeValue(item, value).result === 1;
};

describe('automatic properties', () => {
  describe.each(['int', 'float', 'double'] as const)('%s', (dataType) => {
    it('EQUAL: the value equals the standard as a number', () => {
      const property = auto({ dataType, aimValue: '20' });
      expect(passes(property, 20)).toBe(true);
      expect(passes(property, '20')).toBe(true);
      expect(passes(property, ' 20.0 ')).toBe(true);
      expect(passes(property, 21)).toBe(false);
      expect(passes(property, 'twenty')).toBe(false);
    });

    it('RANGE: min and max included, outside refused', () => {
      const property = auto({ dataType, verifyRule: 'RANGE', minValue: '10', maxValue: '20' });
      expect(passes(property, 10)).toBe(true);
      expect(passes(property, '15')).toBe(true);
      expect(passes(property, 20)).toBe(true);
      expect(passes(property, 9)).toBe(false);
      expect(passes(property, 21)).toBe(false);
    });

    it('a missing value fails', () => {
      const property = auto({ dataType, aimValue: '1' });
      expect(passes(property, null)).toBe(false);
      expect(passes(property, undefined)).toBe(false);
      expect(passes(property, '  ')).toBe(false);
    });
  });

  it('int refuses a fraction, float and double take it', () => {
    expect(passes(auto({ dataType: 'int', verifyRule: 'RANGE', minValue: '1', maxValue: '2' }), 1.5)).toBe(false);
    expect(passes(auto({ dataType: 'int', verifyRule: 'RANGE', minValue: '1', maxValue: '2' }), '1.5')).toBe(false);
    expect(passes(auto({ dataType: 'float', verifyRule: 'RANGE', minValue: '1', maxValue: '2' }), 1.5)).toBe(true);
    expect(passes(auto({ dataType: 'double', aimValue: '3.3' }), '3.30')).toBe(true);
    expect(passes(auto({ dataType: 'float', verifyRule: 'RANGE', minValue: '3.0', maxValue: '3.6' }), 3.61)).toBe(false);
  });

  it('boolean: by its labels, 1/0 or true/false, against the standard', () => {
    const online = auto({ dataType: 'boolean', verifyRule: 'EQUAL', trueValue: '在线', falseValue: '离线', aimBooleanValue: 1 });
    expect(passes(online, '在线')).toBe(true);
    expect(passes(online, 1)).toBe(true);
    expect(passes(online, '1')).toBe(true);
    expect(passes(online, true)).toBe(true);
    expect(passes(online, '离线')).toBe(false);
    expect(passes(online, 0)).toBe(false);
    expect(passes(online, 'maybe')).toBe(false);
    const offline = auto({ ...online, aimBooleanValue: 0 });
    expect(passes(offline, '离线')).toBe(true);
    expect(passes(offline, '0')).toBe(true);
    expect(passes(offline, '在线')).toBe(false);
  });

  it('enum: by key or label, among the standard values', () => {
    const state = auto({ dataType: 'enum', enumMap: { 0: '正常', 1: '告警', 2: '故障' }, aimEnumMap: { 0: '正常', 1: '告警' } });
    expect(passes(state, '0')).toBe(true);
    expect(passes(state, 0)).toBe(true);
    expect(passes(state, '正常')).toBe(true);
    expect(passes(state, '告警')).toBe(true);
    expect(passes(state, '2')).toBe(false);
    expect(passes(state, '故障')).toBe(false);
    expect(passes(state, '未知')).toBe(false);
  });

  it('string: equal to the standard (trimmed, case counts)', () => {
    const version = auto({ dataType: 'string', aimValue: 'V1.0.2' });
    expect(passes(version, 'V1.0.2')).toBe(true);
    expect(passes(version, ' V1.0.2 ')).toBe(true);
    expect(passes(version, 'v1.0.2')).toBe(false);
    expect(passes(version, true)).toBe(false);
    expect(passes(version, '')).toBe(false);
  });

  it('unique: any value of the type passes, a value of another type fails, a missing one fails', () => {
    const imei = auto({ dataType: 'string', verifyRule: null, unique: true });
    expect(passes(imei, '861234567890123')).toBe(true);
    expect(passes(imei, 'anything')).toBe(true);
    expect(passes(imei, true)).toBe(false);
    expect(passes(imei, null)).toBe(false);
    expect(passes(imei, '')).toBe(false);
    const number = auto({ dataType: 'int', verifyRule: null, unique: true });
    expect(passes(number, 123)).toBe(true);
    expect(passes(number, '4567')).toBe(true);
    expect(passes(number, 'abc')).toBe(false);
    expect(passes(number, 1.5)).toBe(false);
    expect(passes(number, undefined)).toBe(false);
    expect(autoPropertyItem(imei).unique).toBe(true);
  });

  it('records the value as text', () => {
    expect(judgeValue(autoPropertyItem(auto({ aimValue: '20' })), 20)).toEqual({ value: '20', result: 1 });
    expect(judgeValue(autoPropertyItem(auto({ aimValue: '20' })), ' 19 ')).toEqual({ value: '19', result: 0 });
  });
});

describe('serial properties', () => {
  it('EQUAL with a numeric standard compares numbers (9600 = 9600.0)', () => {
    const baud = serial({ aimValue: '9600' });
    expect(passes(baud, 9600)).toBe(true);
    expect(passes(baud, '9600.0')).toBe(true);
    expect(passes(baud, '9601')).toBe(false);
    expect(passes(baud, 'OK')).toBe(false);
    expect(passes(baud, null)).toBe(false);
  });

  it('EQUAL with a text standard compares text (OK)', () => {
    const loopback = serial({ code: 'SERIAL_LOOPBACK', aimValue: 'OK' });
    expect(passes(loopback, 'OK')).toBe(true);
    expect(passes(loopback, ' OK ')).toBe(true);
    expect(passes(loopback, 'ok')).toBe(false);
    expect(passes(loopback, 'NG')).toBe(false);
    expect(passes(serial({ aimValue: 'V2.1' }), 'V2.1')).toBe(true);
  });

  it('RANGE: bounds included, numbers only', () => {
    const rssi = serial({ code: 'BLE_RSSI', verifyRule: 'RANGE', minValue: '-80', maxValue: '-20' });
    expect(passes(rssi, -80)).toBe(true);
    expect(passes(rssi, '-50')).toBe(true);
    expect(passes(rssi, -20)).toBe(true);
    expect(passes(rssi, -81)).toBe(false);
    expect(passes(rssi, -19)).toBe(false);
    expect(passes(rssi, 'strong')).toBe(false);
    const current = serial({ code: 'SUPPLY_CURRENT', verifyRule: 'RANGE', minValue: '10.5', maxValue: '20' });
    expect(passes(current, 10.5)).toBe(true);
    expect(passes(current, 10.49)).toBe(false);
  });
});
