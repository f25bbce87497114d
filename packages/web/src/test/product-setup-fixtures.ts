import { type FlowCheckItem, type FlowDetail, type FlowItem, PRODUCT_ENDPOINTS as PRODUCT } from '@factory/contracts';
import { answer, type FakeRoute } from './fake-server';

/** GET /api/product/getDataTypes as the server seeds it. */
export const DATA_TYPE_LOOKUP = [
  { id: 'boolean', name: '布尔' },
  { id: 'int', name: '整数' },
  { id: 'float', name: '单精度浮点' },
  { id: 'double', name: '双精度浮点' },
  { id: 'string', name: '字符串' },
  { id: 'enum', name: '枚举' },
  { id: 'url', name: '链接' },
];

export const UNIT_LOOKUP = [
  { id: 1, name: 'V' },
  { id: 2, name: '℃' },
];

/** The lookups of the property form. */
export const SETUP_LOOKUP_ROUTES: FakeRoute[] = [answer(PRODUCT.dataTypes, DATA_TYPE_LOOKUP), answer(PRODUCT.units, UNIT_LOOKUP)];

/** An auto-check item of a flow: the property's fields and the flow's standard value. */
export function flowItemOf(fields: Partial<FlowItem> & Pick<FlowItem, 'id' | 'name' | 'dataTypeId'>): FlowItem {
  return {
    code: `code_${fields.id}`,
    unitName: null,
    min: null,
    max: null,
    length: null,
    trueValue: null,
    falseValue: null,
    enumerates: null,
    intervalNumber: 0,
    normalValue: '',
    normalValueMax: '',
    normalStr: '',
    normalBoolean: null,
    normalEnums: [],
    ...fields,
  };
}

/** GET /api/flow/detail: the flow and every property, `checked` for the flow's items. */
export function flowDetailOf(flow: Omit<FlowDetail, 'properties'>, unchecked: FlowItem[] = []): FlowDetail {
  const properties: FlowCheckItem[] = [
    ...flow.items.map((item) => ({ ...item, checked: true })),
    ...unchecked.map((item) => ({ ...item, checked: false })),
  ];
  return { ...flow, properties };
}
