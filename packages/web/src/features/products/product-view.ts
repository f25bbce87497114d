import { MENUS, type Product, type Property } from '@factory/contracts';

/** The menu whose function buttons gate every action of the product pages (issue 4). */
export const PRODUCT_MENU = MENUS.productCenter;

/** Page sizes of the property and firmware tables, default 5 (seed 001 §9). */
export const SMALL_PAGE_SIZES = [5, 10, 20] as const;
export const FIRST_SMALL_PAGE = { page: 1, pageSize: SMALL_PAGE_SIZES[0] } as const;

/** The id in the address (?id=12), or null when it is missing or not an id. */
export function productIdOf(searchParams: URLSearchParams): number | null {
  const text = searchParams.get('id') ?? '';
  return /^[1-9]\d*$/.test(text) ? Number(text) : null;
}

export const isUnpublished = (product: Pick<Product, 'publishStatus'>) => product.publishStatus === 'UNPUBLISH';

function enumText(enumerates: Record<string, string> | null): string {
  return Object.entries(enumerates ?? {})
    .sort(([left], [right]) => Number(left) - Number(right))
    .map(([key, label]) => `${key}-${label}`)
    .join('，');
}

/**
 * What a property's values are, by its data type: the range of a number, the
 * length of a text, the labels of an enum, the two words of a boolean.
 */
export function propertyValueSummary(property: Property): string {
  switch (property.dataTypeId) {
    case 'int':
    case 'float':
    case 'double':
      return `取值范围：${property.min ?? ''}~${property.max ?? ''}`;
    case 'string':
      return `长度：${property.length ?? ''}`;
    case 'enum':
      return `枚举值：${enumText(property.enumerates)}`;
    case 'boolean':
      return `布尔值：0-${property.falseValue ?? ''}，1-${property.trueValue ?? ''}`;
    default:
      return '-';
  }
}
