import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG, textTooLong } from '../index.js';
import {
  type AutoPropertyAddBody,
  autoPropertyAddBody,
  autoPropertyEditBody,
  catalogueQuery,
  dtuPropertyListQuery,
  dtuPropertyStatusBody,
  type OtherPropertyAddBody,
  otherPropertyAddBody,
  otherPropertyEditBody,
  type SerialPropertyAddBody,
  serialPropertyAddBody,
  serialPropertyEditBody,
} from './dtu-property.js';
import { ACCESSORY_MSG as M } from './messages.js';

/** The message the server answers: the first failing rule's. */
function firstMessage(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

describe('serialPropertyAddBody', () => {
  const single: SerialPropertyAddBody = { dtuId: 1, code: 'BAUD_RATE', verifyRule: 'EQUAL', aimValue: '9600', minValue: '', maxValue: '' };
  const range: SerialPropertyAddBody = { dtuId: 1, code: 'BLE_RSSI', verifyRule: 'RANGE', aimValue: '', minValue: '-80', maxValue: '-20' };

  it('answers the form\'s messages in its order', () => {
    expect(firstMessage(serialPropertyAddBody, { dtuId: 1 })).toBe(M.serialPropertyRequired);
    expect(firstMessage(serialPropertyAddBody, { dtuId: 1, code: 'BAUD_RATE' })).toBe(M.verifyRuleRequired);
    expect(firstMessage(serialPropertyAddBody, { ...single, verifyRule: 'BETWEEN' })).toBe(M.verifyRuleRequired);
    expect(firstMessage(serialPropertyAddBody, { ...single, aimValue: ' ' })).toBe(M.serialAimRequired);
    const steps: [Partial<SerialPropertyAddBody>, string][] = [
      [{ minValue: '' }, M.serialMinRequired],
      [{ minValue: 'low' }, M.serialMinNumber],
      [{ maxValue: '' }, M.serialMaxRequired],
      [{ maxValue: '1e3' }, M.serialMaxNumber],
      [{ minValue: '-20' }, M.serialMinOrder],
      [{ minValue: '0', maxValue: '-1' }, M.serialMinOrder],
    ];
    for (const [change, message] of steps) expect(firstMessage(serialPropertyAddBody, { ...range, ...change }), message).toBe(message);
    expect(firstMessage(serialPropertyAddBody, { ...range, minValue: '', maxValue: '' })).toBe(M.serialMinRequired);
    expect(firstMessage(serialPropertyAddBody, { ...single, dtuId: undefined })).toBe(MSG.idRequired);
    expect(firstMessage(serialPropertyAddBody, { ...single, aimValue: 'x'.repeat(65) })).toBe(textTooLong(64));
  });

  it('keeps only what the mode uses: switching drops stale bounds or the stale standard', () => {
    expect(serialPropertyAddBody.parse({ ...single, minValue: '1', maxValue: '2' })).toMatchObject({ aimValue: '9600', minValue: null, maxValue: null });
    expect(serialPropertyAddBody.parse({ ...range, aimValue: '-50' })).toMatchObject({ aimValue: null, minValue: '-80', maxValue: '-20' });
    expect(serialPropertyAddBody.parse({ ...single, aimValue: 9600 })).toMatchObject({ aimValue: '9600' });
  });

  it('edit needs the id', () => {
    expect(firstMessage(serialPropertyEditBody, single)).toBe(MSG.idRequired);
    expect(serialPropertyEditBody.parse({ ...single, id: '5' })).toMatchObject({ id: 5, code: 'BAUD_RATE' });
  });
});

describe('autoPropertyAddBody', () => {
  const int: AutoPropertyAddBody = { dtuId: 1, name: '信号质量', code: 'CSQ', dataType: 'int', verifyRule: 'EQUAL', aimValue: '20' };

  it('answers the common fields\' messages in the form\'s order', () => {
    expect(firstMessage(autoPropertyAddBody, { dtuId: 1 })).toBe(MSG.propertyNameRequired);
    expect(firstMessage(autoPropertyAddBody, { ...int, name: 'a' })).toBe(MSG.propertyNameRule);
    expect(firstMessage(autoPropertyAddBody, { ...int, name: '名'.repeat(33) })).toBe(MSG.propertyNameRule);
    expect(firstMessage(autoPropertyAddBody, { ...int, code: '' })).toBe(MSG.propertyCodeRequired);
    expect(firstMessage(autoPropertyAddBody, { ...int, code: '信号' })).toBe(MSG.propertyCodeRule);
    expect(firstMessage(autoPropertyAddBody, { ...int, dataType: '' })).toBe(MSG.dataTypeRequired);
    expect(firstMessage(autoPropertyAddBody, { ...int, dataType: 'url' })).toBe(MSG.dataTypeRequired);
    expect(firstMessage(autoPropertyAddBody, { ...int, name: '', code: '', dataType: '' })).toBe(MSG.propertyNameRequired);
    expect(firstMessage(autoPropertyAddBody, { ...int, description: '描'.repeat(101) })).toBe(M.autoDescriptionTooLong);
  });

  it('checks numbers: a range needs both bounds, numbers, in order; a single value a number (whole for int)', () => {
    const ranged = { ...int, verifyRule: 'RANGE' as const, aimValue: '' };
    expect(firstMessage(autoPropertyAddBody, { ...ranged, minValue: '1' })).toBe(MSG.rangeRequired);
    expect(firstMessage(autoPropertyAddBody, { ...ranged, minValue: 'a', maxValue: '2' })).toBe(MSG.rangeNotNumber);
    expect(firstMessage(autoPropertyAddBody, { ...ranged, minValue: '0.5', maxValue: '2' })).toBe(MSG.rangeNotNumber);
    expect(firstMessage(autoPropertyAddBody, { ...ranged, dataType: 'float', minValue: '0.5', maxValue: '2' })).toBeNull();
    expect(firstMessage(autoPropertyAddBody, { ...ranged, minValue: '2', maxValue: '2' })).toBe(MSG.rangeOrder);
    expect(firstMessage(autoPropertyAddBody, { ...int, aimValue: '' })).toBe(M.aimRequired);
    expect(firstMessage(autoPropertyAddBody, { ...int, aimValue: '1.5' })).toBe(M.aimNotNumber);
    expect(firstMessage(autoPropertyAddBody, { ...int, dataType: 'double', aimValue: '1.5' })).toBeNull();
    expect(firstMessage(autoPropertyAddBody, { ...int, verifyRule: '', aimValue: 'x' })).toBe(M.aimNotNumber);
  });

  it('checks booleans in the form\'s order', () => {
    const flag = { ...int, dataType: 'boolean' as const, aimValue: '' };
    expect(firstMessage(autoPropertyAddBody, { ...flag, trueValue: '是' })).toBe(MSG.booleanValueRequired);
    expect(firstMessage(autoPropertyAddBody, { ...flag, trueValue: '是', falseValue: '是' })).toBe(MSG.booleanValuesEqual);
    expect(firstMessage(autoPropertyAddBody, { ...flag, trueValue: 'o n', falseValue: 'off' })).toBe(MSG.booleanValueRule);
    expect(firstMessage(autoPropertyAddBody, { ...flag, trueValue: 'on', falseValue: 'off' })).toBe(M.booleanAimRequired);
    expect(firstMessage(autoPropertyAddBody, { ...flag, trueValue: 'on', falseValue: 'off', aimBooleanValue: '0' })).toBeNull();
  });

  it('checks strings and enums in the form\'s order', () => {
    expect(firstMessage(autoPropertyAddBody, { ...int, dataType: 'string', aimValue: '' })).toBe(M.stringAimRequired);
    const enumerated = { ...int, dataType: 'enum' as const, aimValue: '' };
    expect(firstMessage(autoPropertyAddBody, enumerated)).toBe(MSG.enumRequired);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: '{}' })).toBe(MSG.enumRequired);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: '[1' })).toBe(M.enumItemEmpty);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: { 0: '正常', 1: '' } })).toBe(M.enumItemEmpty);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: { 0: '正 常' } })).toBe(MSG.enumRule);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: { 0: '正常', 1: '正常' } })).toBe(MSG.enumDuplicate);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: { 0: '正常' } })).toBe(M.enumAimRequired);
    expect(firstMessage(autoPropertyAddBody, { ...enumerated, enumMap: { 0: '正常' }, aimEnumMap: { 0: '告警' } })).toBe(M.enumAimUnknown);
    expect(autoPropertyAddBody.parse({ ...enumerated, enumMap: '{"0":" 正常 ","1":"告警"}', aimEnumMap: '{"0":"正常"}' })).toMatchObject({
      enumMap: { 0: '正常', 1: '告警' },
      aimEnumMap: { 0: '正常' },
    });
  });

  it('offers uniqueness for strings and numbers only; a unique value keeps no standard', () => {
    expect(firstMessage(autoPropertyAddBody, { ...int, dataType: 'boolean', unique: true })).toBe(M.uniqueNotOffered);
    expect(firstMessage(autoPropertyAddBody, { ...int, dataType: 'enum', unique: 'true' })).toBe(M.uniqueNotOffered);
    const text = autoPropertyAddBody.parse({ ...int, dataType: 'string', unique: 'true', aimValue: '8612' });
    expect(text).toMatchObject({ unique: true, verifyRule: null, aimValue: null, minValue: null, maxValue: null });
    const number = autoPropertyAddBody.parse({ ...int, unique: '1', verifyRule: 'RANGE', aimValue: 'x', minValue: '1', maxValue: '2' });
    expect(number).toMatchObject({ unique: true, verifyRule: null, aimValue: null, minValue: null, maxValue: null });
  });

  it('keeps only what the type and mode use: a switch leaves nothing stale behind', () => {
    const everything = {
      ...int,
      minValue: '1',
      maxValue: '9',
      trueValue: 'on',
      falseValue: 'off',
      aimBooleanValue: 1,
      enumMap: { 0: '正常' },
      aimEnumMap: { 0: '正常' },
    };
    expect(autoPropertyAddBody.parse(everything)).toMatchObject({
      verifyRule: 'EQUAL', aimValue: '20', minValue: null, maxValue: null, trueValue: null, falseValue: null, aimBooleanValue: null, enumMap: null, aimEnumMap: null,
    });
    expect(autoPropertyAddBody.parse({ ...everything, verifyRule: 'RANGE' })).toMatchObject({ verifyRule: 'RANGE', aimValue: null, minValue: '1', maxValue: '9' });
    expect(autoPropertyAddBody.parse({ ...everything, dataType: 'boolean' })).toMatchObject({
      verifyRule: 'EQUAL', aimValue: null, minValue: null, trueValue: 'on', falseValue: 'off', aimBooleanValue: 1, enumMap: null,
    });
    expect(autoPropertyAddBody.parse({ ...everything, dataType: 'enum' })).toMatchObject({ aimValue: null, trueValue: null, enumMap: { 0: '正常' }, aimEnumMap: { 0: '正常' } });
    expect(autoPropertyAddBody.parse({ ...everything, dataType: 'string', aimValue: 'V1' })).toMatchObject({ verifyRule: 'EQUAL', aimValue: 'V1', minValue: null, enumMap: null });
    expect(autoPropertyAddBody.parse({ ...int, description: '' }).description).toBeNull();
  });

  it('edit needs the id', () => {
    expect(firstMessage(autoPropertyEditBody, int)).toBe(MSG.idRequired);
    expect(autoPropertyEditBody.parse({ ...int, id: 2 })).toMatchObject({ id: 2, code: 'CSQ' });
  });
});

describe('otherPropertyAddBody', () => {
  const check: OtherPropertyAddBody = { dtuId: 1, category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕' };

  it('answers the form\'s messages in its order', () => {
    expect(firstMessage(otherPropertyAddBody, { dtuId: 1 })).toBe(M.otherCategoryRequired);
    expect(firstMessage(otherPropertyAddBody, { ...check, property: '', checkTool: '' })).toBe(M.otherPropertyRequired);
    expect(firstMessage(otherPropertyAddBody, { ...check, checkTool: ' ' })).toBe(M.otherCheckToolRequired);
    expect(firstMessage(otherPropertyAddBody, { ...check, checkStandard: '' })).toBe(M.otherCheckStandardRequired);
    expect(firstMessage(otherPropertyAddBody, { ...check, category: '类'.repeat(65) })).toBe(textTooLong(64));
    expect(firstMessage(otherPropertyAddBody, { ...check, checkStandard: '标'.repeat(256) })).toBe(textTooLong(255));
    expect(otherPropertyAddBody.parse({ ...check, category: ' 外观 ' }).category).toBe('外观');
    expect(firstMessage(otherPropertyEditBody, check)).toBe(MSG.idRequired);
  });
});

describe('queries and status', () => {
  it('pages properties 5 at a time by default and reads 1/0 as open/stop', () => {
    expect(dtuPropertyListQuery.parse({ dtuId: '3' })).toMatchObject({ dtuId: 3, page: 1, pageSize: 5 });
    expect(dtuPropertyStatusBody.parse({ id: '1', status: '1' })).toEqual({ id: 1, status: 1 });
    expect(firstMessage(dtuPropertyStatusBody, { id: 1, status: '2' })).toBe(MSG.statusRule);
    expect(catalogueQuery.parse({ communicationTypeCode: ' bluetooth ' })).toEqual({ communicationTypeCode: 'bluetooth' });
    expect(catalogueQuery.parse({})).toEqual({ communicationTypeCode: null });
  });
});
