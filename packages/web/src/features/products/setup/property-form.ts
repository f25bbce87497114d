import {
  MSG,
  NUMERIC_TYPES,
  propertyAddBody,
  type DataType,
  type Enumerates,
  type Property,
  type PropertyAddBody,
} from '@factory/contracts';

/** The values of the add/edit property panel. */
export interface PropertyFormValues {
  name: string;
  code: string;
  dataTypeId?: DataType;
  /** 1 (true) value of a boolean */
  trueValue: string;
  /** 0 (false) value of a boolean */
  falseValue: string;
  min: string;
  max: string;
  unitId?: number;
  length: string;
  /** enum labels in list order; the row at index i gets key "i" */
  enumRows: string[];
  description: string;
  /** 取值说明; for a url property it is the 链接 (the contracts keep no separate link field) */
  valueDescription: string;
}

/** The fields a data type owns; changing the type clears them (seed 001 §4). */
export type TypeField = 'trueValue' | 'falseValue' | 'min' | 'max' | 'unitId' | 'length' | 'enumRows';

export const TYPE_FIELDS: readonly TypeField[] = ['trueValue', 'falseValue', 'min', 'max', 'unitId', 'length', 'enumRows'];

export function clearedTypeFields(): Pick<PropertyFormValues, TypeField> {
  return { trueValue: '', falseValue: '', min: '', max: '', unitId: undefined, length: '', enumRows: [''] };
}

export function emptyPropertyValues(): PropertyFormValues {
  return { name: '', code: '', dataTypeId: undefined, ...clearedTypeFields(), description: '', valueDescription: '' };
}

export const isNumericType = (type: DataType | undefined) => type !== undefined && NUMERIC_TYPES.includes(type);

/**
 * Enum keys are numbered from 0 in list order: the first row is "0", the next "1".
 * The legacy console numbered from the last entry ("the last list entry as 0"),
 * which renumbered every key whenever a row was appended; top-to-bottom numbering
 * keeps the keys already saved in flows stable when rows are added at the end.
 */
export function enumeratesOf(rows: readonly string[]): Enumerates {
  return Object.fromEntries(rows.map((label, index) => [String(index), label]));
}

/** The rows of a saved enumerates map, by numeric key. */
export function enumRowsOf(enumerates: Enumerates | null): string[] {
  const entries = Object.entries(enumerates ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  return entries.length > 0 ? entries.map(([, label]) => label) : [''];
}

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function valuesOfProperty(property: Property): PropertyFormValues {
  return {
    name: property.name,
    code: property.code,
    dataTypeId: property.dataTypeId,
    trueValue: text(property.trueValue),
    falseValue: text(property.falseValue),
    min: text(property.min),
    max: text(property.max),
    unitId: property.unitId ?? undefined,
    length: text(property.length),
    enumRows: enumRowsOf(property.enumerates),
    description: property.description,
    valueDescription: text(property.valueDescription),
  };
}

/** The add body: only the fields of the chosen type are sent. */
export function propertyBodyOf(values: Partial<PropertyFormValues>, productId: number): PropertyAddBody {
  const type = values.dataTypeId;
  const body: PropertyAddBody = {
    productId,
    name: values.name ?? '',
    code: values.code ?? '',
    dataTypeId: type as DataType,
    description: values.description ?? '',
    valueDescription: values.valueDescription ?? '',
  };
  if (type === 'boolean') Object.assign(body, { trueValue: values.trueValue ?? '', falseValue: values.falseValue ?? '' });
  if (isNumericType(type)) Object.assign(body, { min: values.min ?? '', max: values.max ?? '', unitId: values.unitId ?? null });
  if (type === 'string') body.length = values.length ?? '';
  if (type === 'enum') body.enumerates = enumeratesOf(values.enumRows ?? []);
  return body;
}

/** Digits, dot and minus only (the range inputs, seed 001 §5). */
export const numericInput = (value: string) => value.replace(/[^\d.-]/g, '');

/** Where the form shows a type-specific message; the contracts name the field. */
type ShownField = 'trueValue' | 'falseValue' | 'min' | 'max' | 'length' | 'enumRows';

/**
 * The type-specific message the panel shows at one field, from the shared
 * propertyAddBody (so the panel and the server refuse with the same words).
 * The common fields are put in valid so the type's rule always runs. A
 * "cannot be empty" message goes to the field that is empty.
 */
export function typeFieldError(field: ShownField, values: Partial<PropertyFormValues>): string | null {
  if (!values.dataTypeId) return null;
  const body = { ...propertyBodyOf(values, 1), name: 'placeholder', code: 'placeholder', description: 'placeholder' };
  const result = propertyAddBody.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => candidate.path[0] !== 'unitId');
  if (!issue) return null;
  return shownAt(issue.message, String(issue.path[0]), values) === field ? issue.message : null;
}

function shownAt(message: string, path: string, values: Partial<PropertyFormValues>): ShownField {
  if (message === MSG.booleanValueRequired) return (values.falseValue ?? '').trim() === '' && (values.trueValue ?? '').trim() !== '' ? 'falseValue' : 'trueValue';
  if (message === MSG.rangeRequired) return (values.max ?? '').trim() === '' && (values.min ?? '').trim() !== '' ? 'max' : 'min';
  if (path === 'enumerates') return 'enumRows';
  return path as ShownField;
}
