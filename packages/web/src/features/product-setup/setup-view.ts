import type { Product, Property } from '@factory/contracts';

/** The menu whose function buttons gate the setup pages' actions (issue 4: writes need 'set'). */
export const PRODUCT_MENU = '/productCenter';

/** Page sizes of the property table, default 5 (seed 001 §9). */
export const PROPERTY_PAGE_SIZES = [5, 10, 20] as const;

/** The id in the address (?id=12), or null when it is missing or not an id. */
export function productIdOf(searchParams: URLSearchParams): number | null {
  const text = searchParams.get('id') ?? '';
  return /^[1-9]\d*$/.test(text) ? Number(text) : null;
}

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
