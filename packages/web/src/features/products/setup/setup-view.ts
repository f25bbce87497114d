import type { Product, Property } from '@factory/contracts';

// The menu whose buttons gate the setup pages' actions (issue 4: writes need 'set'), and the id in the address.
export { PRODUCT_MENU, productIdOf } from '../product-view';

/** Page sizes of the property table, default 5 (seed 001 §9). */
export const PROPERTY_PAGE_SIZES = [5, 10, 20] as const;

/** Only an unpublished product's definition can change (the server answers 409 otherwise). */
export const isEditable = (product: Pick<Product, 'publishStatus'> | undefined) => product?.publishStatus === 'UNPUBLISH';

export const stepPath = (path: '/productPotion' | '/productFlow' | '/productPush', productId: number) => `${path}?id=${productId}`;

/** Enum labels "0-关，1-开" in key order. */
export function enumText(enumerates: Record<string, string> | null): string {
  return Object.entries(enumerates ?? {})
    .sort(([left], [right]) => Number(left) - Number(right))
    .map(([key, label]) => `${key}-${label}`)
    .join('，');
}

/** What a property's values are, by its data type (the table's 数据定义 column). */
export function propertyDefinition(property: Property): string {
  switch (property.dataTypeId) {
    case 'int':
    case 'float':
    case 'double':
      return `取值范围：${property.min ?? ''}~${property.max ?? ''}${property.unitName ? `，单位：${property.unitName}` : ''}`;
    case 'string':
      return `取值长度：${property.length ?? ''}`;
    case 'enum':
      return `枚举值：${enumText(property.enumerates)}`;
    case 'boolean':
      return `0：${property.falseValue ?? ''}，1：${property.trueValue ?? ''}`;
    case 'url':
      return property.valueDescription ? `链接：${property.valueDescription}` : '-';
  }
}
