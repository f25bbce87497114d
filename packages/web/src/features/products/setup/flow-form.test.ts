import { FLOW_MSG, INTERVAL, flowParams } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyStandard,
  flowParamsOf,
  manualItemsError,
  scanCodeOptions,
  standardError,
  type CheckableProperty,
  type StandardValue,
} from './flow-form';

const property = (fields: Partial<CheckableProperty> & Pick<CheckableProperty, 'dataTypeId'>): CheckableProperty => ({
  id: 1,
  name: '电压',
  code: 'voltage',
  min: null,
  max: null,
  length: null,
  enumerates: null,
  unitName: null,
  trueValue: null,
  falseValue: null,
  ...fields,
});
const standard = (fields: Partial<StandardValue>): StandardValue => ({ ...emptyStandard(), ...fields });

describe('flow item messages (shared checkFlowItem)', () => {
  it('boolean must be chosen', () => {
    const prop = property({ dataTypeId: 'boolean', name: '开关', trueValue: '开', falseValue: '关' });
    expect(standardError(prop, undefined)).toBe(FLOW_MSG.itemChoose('开关'));
    expect(standardError(prop, standard({ normalBoolean: 0 }))).toBeNull();
  });

  it('string not empty and within the length', () => {
    const prop = property({ dataTypeId: 'string', name: '型号', length: 4 });
    expect(standardError(prop, standard({}))).toBe(FLOW_MSG.itemEmpty('型号'));
    expect(standardError(prop, standard({ normalStr: 'ABCDE' }))).toBe(FLOW_MSG.itemTooLong('型号', 4));
    expect(standardError(prop, standard({ normalStr: 'ABCD' }))).toBeNull();
  });

  it('enum at least one, and only its keys', () => {
    const prop = property({ dataTypeId: 'enum', name: '档位', enumerates: { 0: '低', 1: '高' } });
    expect(standardError(prop, standard({}))).toBe(FLOW_MSG.itemAtLeastOne('档位'));
    expect(standardError(prop, standard({ normalEnums: ['5'] }))).toBe(FLOW_MSG.itemNotInEnum('档位'));
    expect(standardError(prop, standard({ normalEnums: ['1'] }))).toBeNull();
  });

  it('numeric value: empty, not a number, out of range', () => {
    const prop = property({ dataTypeId: 'float', min: 0, max: 5 });
    expect(standardError(prop, standard({}))).toBe(FLOW_MSG.itemEmpty('电压'));
    expect(standardError(prop, standard({ normalValue: '1.' }))).toBe(FLOW_MSG.itemNotNumber('电压'));
    expect(standardError(prop, standard({ normalValue: '6' }))).toBe(FLOW_MSG.itemOutOfRange('电压', 0, 5));
    expect(standardError(prop, standard({ normalValue: '3.3' }))).toBeNull();
  });

  it('numeric range: both bounds, numeric, in range, min below max', () => {
    const prop = property({ dataTypeId: 'int', min: 0, max: 100 });
    const range = (normalValue: string, normalValueMax: string) =>
      standardError(prop, standard({ intervalNumber: INTERVAL.range, normalValue, normalValueMax }));
    expect(range('1', '')).toBe(FLOW_MSG.itemEmpty('电压'));
    expect(range('1', 'x')).toBe(FLOW_MSG.itemNotNumber('电压'));
    expect(range('1.5', '3')).toBe(FLOW_MSG.itemNotNumber('电压'));
    expect(range('1', '101')).toBe(FLOW_MSG.itemOutOfRange('电压', 0, 100));
    expect(range('9', '3')).toBe(FLOW_MSG.itemRangeOrder('电压'));
    expect(range('3', '9')).toBeNull();
  });

  it('manual rows: empty, too short, too long, with 1-based row numbers', () => {
    expect(manualItemsError(['外观检查', ''])).toBe(FLOW_MSG.manualEmpty(2));
    expect(manualItemsError(['外'])).toBe(FLOW_MSG.manualTooShort(1));
    expect(manualItemsError(['外观', '一二三四五六七八九十一二三'])).toBe(FLOW_MSG.manualTooLong(2));
    expect(manualItemsError(['外观', undefined])).toBe(FLOW_MSG.manualEmpty(2));
    expect(manualItemsError([])).toBeNull();
  });
});

describe('scan-code options', () => {
  it('offers IMEI for 2.4G and THREE_2_ONE, MAC otherwise; SN on an overall check', () => {
    expect(scanCodeOptions('2.4G', 'OVERALL_CHECK', true)).toEqual([
      { label: '生产码', checked: true, disabled: true, bindsMac: false },
      { label: 'IMEI', checked: true, disabled: false, bindsMac: true },
      { label: 'SN码', checked: true, disabled: true, bindsMac: false },
    ]);
    expect(scanCodeOptions('THREE_2_ONE', 'OVERALL_CHECK', false)[1]!.label).toBe('IMEI');
    expect(scanCodeOptions('WIFI', 'OVERALL_CHECK', false)[1]).toEqual({ label: 'MAC', checked: false, disabled: false, bindsMac: true });
    expect(scanCodeOptions('noInternet', 'OVERALL_CHECK', false)[1]!.label).toBe('MAC');
  });

  it('fixes the MAC/IMEI choice and leaves out SN on a DTU check', () => {
    const options = scanCodeOptions('WIFI', 'DTU_CHECK', false);
    expect(options.map((option) => option.label)).toEqual(['生产码', 'MAC']);
    expect(options[1]!.disabled).toBe(true);
  });
});

describe('productFlowParams', () => {
  it('carries the checked items with their standard values, in the shape the server parses', () => {
    const params = flowParamsOf(
      {
        name: ' 整机检测 ',
        checkedIds: [5, 3],
        standards: { 5: standard({ normalBoolean: 1 }), 9: standard({ normalStr: 'unchecked' }) },
        manualItems: ['外观检查'],
        bindMac: true,
      },
      { productId: 7, flowType: 'OVERALL_CHECK', flowId: null, preId: 41 },
    );
    expect(params).toMatchObject({ productId: 7, name: '整机检测', bindMac: true, preId: 41, manualItems: ['外观检查'] });
    expect(params.items).toEqual([{ id: 5, ...standard({ normalBoolean: 1 }) }, { id: 3, ...emptyStandard() }]);
    expect(params).not.toHaveProperty('id');
    expect(flowParams.safeParse(params).success).toBe(true);
  });
});
