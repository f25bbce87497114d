import {
  type AutoProperty,
  type AutoPropertyAddBody,
  autoPropertyAddBody,
  type CatalogueOption,
  DTU_NUMERIC_TYPES,
  DTU_UNIQUE_TYPES,
  type DtuDataType,
  type EnumMap,
  MSG,
  NUMBER_PATTERN,
  type VerifyRule,
  WORD_PATTERN,
} from '@factory/contracts';

/** The values of the automatic property panel. */
export interface AutoFormValues {
  name: string;
  code: string;
  dataType?: DtuDataType;
  unique: boolean;
  /** numeric types: RANGE (min–max) or EQUAL (one standard value) */
  verifyRule: VerifyRule;
  minValue: string;
  maxValue: string;
  /** a numeric type's single value or a string's standard */
  aimValue: string;
  trueValue: string;
  falseValue: string;
  aimBooleanValue?: 0 | 1;
  /** enum labels in list order; the row at index i has key "i" */
  enumRows: string[];
  /** the keys of the rows chosen as standard */
  aimEnumKeys: string[];
  description: string;
}

export const isNumeric = (type: DtuDataType | undefined) => type !== undefined && DTU_NUMERIC_TYPES.includes(type);
export const offersUnique = (type: DtuDataType | undefined) => type !== undefined && DTU_UNIQUE_TYPES.includes(type);

/** The standards of a numeric or string type: a changed mode or uniqueness clears them (seed 002 §4). */
export const clearedStandards = () => ({ minValue: '', maxValue: '', aimValue: '' });

/** Everything that hangs off the data type: a changed type clears it (seed 002 §4). */
export const clearedTypeFields = () => ({
  unique: false,
  verifyRule: 'RANGE' as VerifyRule,
  ...clearedStandards(),
  trueValue: '',
  falseValue: '',
  aimBooleanValue: undefined,
  enumRows: [''],
  aimEnumKeys: [] as string[],
});

export const TYPE_FIELDS = [
  'unique',
  'verifyRule',
  'minValue',
  'maxValue',
  'aimValue',
  'trueValue',
  'falseValue',
  'aimBooleanValue',
  'enumRows',
  'aimEnumKeys',
] as const;

export const emptyAutoValues = (): AutoFormValues => ({ name: '', code: '', dataType: undefined, ...clearedTypeFields(), description: '' });

/** Enum rows by key order, and the chosen keys renumbered with them. */
function enumRowsOf(enumMap: EnumMap | null, aimEnumMap: EnumMap | null) {
  const keys = Object.keys(enumMap ?? {}).sort((left, right) => Number(left) - Number(right));
  const chosen = new Set(Object.keys(aimEnumMap ?? {}));
  return {
    enumRows: keys.length > 0 ? keys.map((key) => enumMap?.[key] ?? '') : [''],
    aimEnumKeys: keys.flatMap((key, index) => (chosen.has(key) ? [String(index)] : [])),
  };
}

export function valuesOfAuto(property: AutoProperty): AutoFormValues {
  return {
    name: property.name,
    code: property.code,
    dataType: property.dataType,
    unique: property.unique,
    verifyRule: property.verifyRule ?? 'RANGE',
    minValue: property.minValue ?? '',
    maxValue: property.maxValue ?? '',
    aimValue: property.aimValue ?? '',
    trueValue: property.trueValue ?? '',
    falseValue: property.falseValue ?? '',
    aimBooleanValue: property.aimBooleanValue === 0 || property.aimBooleanValue === 1 ? property.aimBooleanValue : undefined,
    ...enumRowsOf(property.enumMap, property.aimEnumMap),
    description: property.description ?? '',
  };
}

/** A catalogue name as the name rule takes it (WIFI MAC → WIFI_MAC); still editable. */
export const catalogueName = (name: string) =>
  name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\u4e00-\u9fa5A-Za-z0-9_]/g, '')
    .slice(0, 32);

/** What choosing a catalogue item fills in: its name, code, type, uniqueness and description, and a fresh standard. */
export function valuesOfCatalogue(item: CatalogueOption): Partial<AutoFormValues> {
  return {
    ...clearedTypeFields(),
    name: catalogueName(item.name),
    code: item.code,
    dataType: item.dataType,
    unique: item.unique && offersUnique(item.dataType),
    verifyRule: item.verifyRules.includes('RANGE') ? 'RANGE' : 'EQUAL',
    description: item.description.slice(0, 100),
  };
}

const enumMapOf = (rows: readonly string[]): EnumMap => Object.fromEntries(rows.map((label, index) => [String(index), label.trim()]));

/**
 * The form body: only the fields of the chosen type (and mode) are sent; the enum
 * maps travel as JSON text, as the form encoding carries no objects.
 */
export function autoBodyOf(values: Partial<AutoFormValues>, dtuId: number): AutoPropertyAddBody {
  const type = values.dataType;
  const unique = offersUnique(type) && values.unique === true;
  const body: AutoPropertyAddBody = {
    dtuId,
    name: values.name ?? '',
    code: values.code ?? '',
    dataType: type as DtuDataType,
    unique,
    description: values.description ?? '',
  };
  if (isNumeric(type) && !unique) {
    const verifyRule = values.verifyRule ?? 'RANGE';
    if (verifyRule === 'RANGE') return { ...body, verifyRule, minValue: values.minValue ?? '', maxValue: values.maxValue ?? '' };
    return { ...body, verifyRule, aimValue: values.aimValue ?? '' };
  }
  if (type === 'string' && !unique) return { ...body, aimValue: values.aimValue ?? '' };
  if (type === 'boolean') {
    return { ...body, trueValue: values.trueValue ?? '', falseValue: values.falseValue ?? '', aimBooleanValue: values.aimBooleanValue ?? null };
  }
  if (type === 'enum') {
    const rows = values.enumRows ?? [];
    const enumMap = enumMapOf(rows);
    const aimEnumMap = Object.fromEntries((values.aimEnumKeys ?? []).filter((key) => key in enumMap).map((key) => [key, enumMap[key] ?? '']));
    return { ...body, enumMap: JSON.stringify(enumMap), aimEnumMap: JSON.stringify(aimEnumMap) };
  }
  return body;
}

/** The fields where a type's message shows; the enum maps show at their list and their select. */
export type AutoShownField =
  | 'unique'
  | 'minValue'
  | 'maxValue'
  | 'aimValue'
  | 'trueValue'
  | 'falseValue'
  | 'aimBooleanValue'
  | 'enumRows'
  | 'aimEnumKeys';

const blank = (text: string | undefined) => (text ?? '').trim() === '';

/**
 * The type-specific message shown at one field, from the shared autoPropertyAddBody:
 * the server's first failing rule, so the panel refuses with the same words in the
 * same order. Name, code and description are put in valid so the type's rules always
 * run; a message about two fields goes to the one at fault.
 */
export function autoFieldError(field: AutoShownField, values: Partial<AutoFormValues>): string | null {
  if (!values.dataType) return null;
  const body = { ...autoBodyOf(values, 1), name: 'placeholder', code: 'placeholder', description: '' };
  const result = autoPropertyAddBody.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  return shownAt(issue.message, String(issue.path[0]), values) === field ? issue.message : null;
}

function shownAt(message: string, path: string, values: Partial<AutoFormValues>): AutoShownField {
  const isNumber = (text: string | undefined) => {
    const value = (text ?? '').trim();
    return NUMBER_PATTERN.test(value) && (values.dataType !== 'int' || Number.isInteger(Number(value)));
  };
  const isWord = (text: string | undefined) => WORD_PATTERN.test((text ?? '').trim());
  switch (message) {
    case MSG.rangeRequired:
      return blank(values.minValue) ? 'minValue' : 'maxValue';
    case MSG.rangeNotNumber:
      return isNumber(values.minValue) ? 'maxValue' : 'minValue';
    case MSG.booleanValueRequired:
      return blank(values.trueValue) ? 'trueValue' : 'falseValue';
    case MSG.booleanValueRule:
      return isWord(values.trueValue) ? 'falseValue' : 'trueValue';
  }
  if (path === 'enumMap') return 'enumRows';
  if (path === 'aimEnumMap') return 'aimEnumKeys';
  return path as AutoShownField;
}
