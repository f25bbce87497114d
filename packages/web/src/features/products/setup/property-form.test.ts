import { MSG, propertyAddBody } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  clearedTypeFields,
  emptyPropertyValues,
  enumeratesOf,
  enumRowsOf,
  numericInput,
  propertyBodyOf,
  typeFieldError,
  type PropertyFormValues,
} from './property-form';

const values = (fields: Partial<PropertyFormValues>): PropertyFormValues => ({
  ...emptyPropertyValues(),
  name: '温度',
  code: 'temperature',
  description: '环境温度',
  ...fields,
});

describe('property form rules (shared propertyAddBody)', () => {
  it('boolean: required (at the empty field), equal, characters', () => {
    expect(typeFieldError('trueValue', values({ dataTypeId: 'boolean' }))).toBe(MSG.booleanValueRequired);
    expect(typeFieldError('falseValue', values({ dataTypeId: 'boolean', trueValue: '开' }))).toBe(MSG.booleanValueRequired);
    expect(typeFieldError('trueValue', values({ dataTypeId: 'boolean', trueValue: '开' }))).toBeNull();
    expect(typeFieldError('falseValue', values({ dataTypeId: 'boolean', trueValue: '开', falseValue: '开' }))).toBe(
      MSG.booleanValuesEqual,
    );
    expect(typeFieldError('trueValue', values({ dataTypeId: 'boolean', trueValue: 'on!', falseValue: 'off' }))).toBe(
      MSG.booleanValueRule,
    );
    expect(typeFieldError('trueValue', values({ dataTypeId: 'boolean', trueValue: '开', falseValue: '关' }))).toBeNull();
  });

  it('numeric: required, not a number, order', () => {
    expect(typeFieldError('min', values({ dataTypeId: 'int' }))).toBe(MSG.rangeRequired);
    expect(typeFieldError('max', values({ dataTypeId: 'float', min: '1' }))).toBe(MSG.rangeRequired);
    expect(typeFieldError('min', values({ dataTypeId: 'double', min: '1.', max: '2' }))).toBe(MSG.rangeNotNumber);
    expect(typeFieldError('min', values({ dataTypeId: 'int', min: '1.5', max: '2' }))).toBe(MSG.rangeNotNumber);
    expect(typeFieldError('max', values({ dataTypeId: 'int', min: '5', max: '5' }))).toBe(MSG.rangeOrder);
    expect(typeFieldError('min', values({ dataTypeId: 'int', min: '-5', max: '5' }))).toBeNull();
  });

  it('string: required, irregular, range', () => {
    expect(typeFieldError('length', values({ dataTypeId: 'string' }))).toBe(MSG.lengthRequired);
    expect(typeFieldError('length', values({ dataTypeId: 'string', length: '012' }))).toBe(MSG.lengthIrregular);
    expect(typeFieldError('length', values({ dataTypeId: 'string', length: '256' }))).toBe(MSG.lengthRange);
    expect(typeFieldError('length', values({ dataTypeId: 'string', length: '255' }))).toBeNull();
  });

  it('enum: required, characters, duplicates', () => {
    expect(typeFieldError('enumRows', values({ dataTypeId: 'enum', enumRows: [''] }))).toBe(MSG.enumRequired);
    expect(typeFieldError('enumRows', values({ dataTypeId: 'enum', enumRows: ['低', ''] }))).toBe(MSG.enumRequired);
    expect(typeFieldError('enumRows', values({ dataTypeId: 'enum', enumRows: ['低 速'] }))).toBe(MSG.enumRule);
    expect(typeFieldError('enumRows', values({ dataTypeId: 'enum', enumRows: ['低', '低'] }))).toBe(MSG.enumDuplicate);
    expect(typeFieldError('enumRows', values({ dataTypeId: 'enum', enumRows: ['低', '高'] }))).toBeNull();
  });

  it('url has no type rule', () => {
    expect(typeFieldError('trueValue', values({ dataTypeId: 'url' }))).toBeNull();
  });

  it('numbers enum keys from 0 top to bottom and reads them back in key order', () => {
    expect(enumeratesOf(['低', '中', '高'])).toEqual({ 0: '低', 1: '中', 2: '高' });
    expect(enumRowsOf({ 10: 'k', 2: 'c', 0: 'a' })).toEqual(['a', 'c', 'k']);
    expect(enumRowsOf(null)).toEqual(['']);
  });

  it('sends only the fields of the chosen type, and the server schema accepts them', () => {
    const body = propertyBodyOf(values({ dataTypeId: 'int', min: '0', max: '100', unitId: 3, trueValue: 'stale' }), 7);
    expect(body).toMatchObject({ productId: 7, dataTypeId: 'int', min: '0', max: '100', unitId: 3 });
    expect(body).not.toHaveProperty('trueValue');
    expect(propertyAddBody.safeParse(body).success).toBe(true);
    const enumBody = propertyBodyOf(values({ dataTypeId: 'enum', enumRows: ['低', '高'] }), 7);
    expect(enumBody.enumerates).toEqual({ 0: '低', 1: '高' });
  });

  it('clears every type field and keeps digits, dot and minus in range inputs', () => {
    expect(clearedTypeFields()).toEqual({ trueValue: '', falseValue: '', min: '', max: '', unitId: undefined, length: '', enumRows: [''] });
    expect(numericInput('-1a2.5e')).toBe('-12.5');
  });
});
