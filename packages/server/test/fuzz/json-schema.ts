/**
 * The part of JSON Schema (as @fastify/swagger writes zod schemas into the
 * OpenAPI document) the generators read, and the rules by which a value is one
 * the server may accept. Those rules are the project's (DESIGN.md §3, §8; issue
 * 12): ids are int4 (1 … 2^31-1), strings hold no NUL and are bounded, and the
 * only coercion is the decimal text a form or a query string carries.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
/**
 * The longest text a field without its own maxLength may take. A 100,000-character
 * string is malformed input for every field of this API (DESIGN.md §8: huge strings
 * answer 4xx); no column or search box is that wide.
 */
export const UNBOUNDED_STRING_LIMIT = 65_535;
/** More elements than any list of this API (ids of a task's lines, a flow's items) holds. */
export const UNBOUNDED_ARRAY_LIMIT = 10_000;

/** Fields whose name says they hold a row id: int4 and at least 1 whatever their schema forgets to say. */
export function isIdName(name: string): boolean {
  return /^(id|ids)$|Ids?$/.test(name);
}

/** Where a value travels: a query string carries text only, a JSON body carries types. */
export type Carrier = 'query' | 'json';

/** The branches of a schema: anyOf/oneOf flattened, allOf left as is (zod writes none here). */
export function branchesOf(schema: JsonSchema): JsonSchema[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(branchesOf);
  if (Array.isArray(schema.type)) return schema.type.map((type) => ({ ...schema, type }));
  return [schema];
}

/** The form idiom `'' | value` (an empty field counts as left out): the branch holding the value. */
function isEmptyTextBranch(branch: JsonSchema): boolean {
  const onlyEmpty = (Array.isArray(branch.enum) && branch.enum.length === 1 && branch.enum[0] === '') || branch.const === '';
  return branch.type === 'string' && onlyEmpty;
}

/** The branch a generator builds a valid value from: not the empty-text or null one. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = branchesOf(schema).filter((branch) => !isEmptyTextBranch(branch) && branch.type !== 'null');
  return branches[0] ?? schema;
}

export function allowsNull(schema: JsonSchema): boolean {
  return schema.nullable === true || branchesOf(schema).some((branch) => branch.type === 'null' || branch.nullable === true);
}

const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?\d+(\.\d+)?$/;

function patternAccepts(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    try {
      return new RegExp(pattern).test(text);
    } catch {
      return true;
    }
  }
}

function inRange(value: number, schema: JsonSchema, idLike: boolean): boolean {
  const min = schema.minimum ?? (idLike ? 1 : -Infinity);
  const max = schema.maximum ?? Infinity;
  if (value < min || value > max) return false;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  return true;
}

/**
 * Whether a value is one the server may accept for a field of this schema, under
 * the project's rules. False means the value is malformed by any reading and must
 * be refused with a 4xx (a 2xx means it was coerced or stored as is).
 */
export function acceptable(value: unknown, schema: JsonSchema, carrier: Carrier, name = ''): boolean {
  if (value === null) return allowsNull(schema);
  if (value === undefined) return true;
  const branches = branchesOf(schema).filter((branch) => branch.type !== 'null');
  if (branches.length === 0) return true;
  return branches.some((branch) => acceptableFor(value, branch, carrier, name));
}

function acceptableFor(value: unknown, schema: JsonSchema, carrier: Carrier, name: string): boolean {
  const idLike = isIdName(name);
  if (schema.enum) {
    return schema.enum.some((option) => option === value || (typeof value === 'string' && typeof option === 'number' && value === String(option)));
  }
  if (schema.const !== undefined) return schema.const === value;
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const integer = schema.type === 'integer' || idLike;
      let number: number;
      if (typeof value === 'number' && carrier === 'json') number = value;
      else if (typeof value === 'string' && (integer ? DECIMAL_INTEGER : DECIMAL_NUMBER).test(value)) number = Number(value);
      else return false;
      if (!Number.isFinite(number)) return false;
      if (integer && !Number.isInteger(number)) return false;
      // int4 columns: an integer without a stated range holds what PostgreSQL's integer holds
      if (integer && schema.maximum === undefined && number > INT4_MAX) return false;
      if (integer && schema.minimum === undefined && number < INT4_MIN) return false;
      return inRange(number, schema, idLike);
    }
    case 'string': {
      if (typeof value !== 'string') return false;
      if (value.includes('\u0000')) return false;
      if (value.length > (schema.maxLength ?? UNBOUNDED_STRING_LIMIT)) return false;
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      return schema.pattern === undefined || patternAccepts(schema.pattern, value);
    }
    case 'boolean':
      return value === true || value === false || value === 'true' || value === 'false';
    case 'array': {
      const items = Array.isArray(value) ? value : carrier === 'query' ? [value] : null;
      if (!items) return false;
      if (items.length > (schema.maxItems ?? UNBOUNDED_ARRAY_LIMIT)) return false;
      const itemName = name.replace(/s$/, '');
      return !schema.items || items.every((item) => acceptable(item, schema.items!, carrier, itemName));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      if ((schema.required ?? []).some((key) => record[key] === undefined)) return false;
      return Object.entries(schema.properties ?? {}).every(([key, property]) => acceptable(record[key], property, carrier, key));
    }
    default:
      return true;
  }
}
