import { type Body, multipart, type Part, raw } from './http.js';
import { acceptable, type JsonSchema, mainBranch } from './json-schema.js';
import { type Field, fieldsOf, type RouteInput, type RouteShape, withField } from './route-shapes.js';

export const HUGE = 'x'.repeat(100_000);
const HUGE_DIGITS = '9'.repeat(100_000);

/** One fuzzed request of a route: what it changes, how it travels, and whether it must be refused. */
export interface FuzzCase {
  /** `body.id`, `query.page`, `body` (the whole body), `multipart`, `url` */
  where: string;
  /** the kind of malformation, the grouping key of the failure list */
  what: string;
  /**
   * Malformed by any reading (acceptable() says no): must answer 4xx. Other cases
   * (a negative page, a long but harmless file name) may succeed.
   */
  mustRefuse: boolean;
  input: RouteInput;
  body: Body;
  rawQuery?: string;
}

interface Hostile {
  what: string;
  value: unknown;
}

const NESTED = [[[[1]]]];

/** Malformed values for a JSON field of this schema. */
function hostileJson(schema: JsonSchema): Hostile[] {
  const main = mainBranch(schema);
  if (main.enum) {
    return [
      { what: '"0x10"', value: '0x10' },
      { what: 'huge string', value: HUGE },
      { what: 'NUL in string', value: 'a\u0000' },
      { what: 'null', value: null },
      { what: 'boolean', value: false },
      { what: '"   "', value: '   ' },
      { what: 'nested array', value: NESTED },
      { what: 'negative', value: -1 },
    ];
  }
  switch (main.type) {
    case 'integer':
    case 'number':
      return [
        { what: 'id past 2^31', value: 2_147_483_648 },
        { what: '1e20', value: 1e20 },
        { what: 'negative', value: -1 },
        { what: 'fraction', value: 1.5 },
        { what: '"NaN"', value: 'NaN' },
        { what: '"Infinity"', value: 'Infinity' },
        { what: '"0x10"', value: '0x10' },
        { what: '"   "', value: '   ' },
        { what: 'boolean', value: true },
        { what: 'null', value: null },
        { what: 'array for scalar', value: [1] },
        { what: 'nested array', value: NESTED },
        { what: 'object for scalar', value: {} },
        { what: 'NUL in string', value: '1\u0000' },
        { what: 'huge string', value: HUGE_DIGITS },
      ];
    case 'string':
      return [
        { what: 'huge string', value: HUGE },
        { what: 'NUL in string', value: 'a\u0000b' },
        { what: 'number for string', value: 12345 },
        { what: 'boolean', value: true },
        { what: 'null', value: null },
        { what: 'array for scalar', value: ['a'] },
        { what: 'nested array', value: NESTED },
        { what: 'object for scalar', value: {} },
      ];
    case 'boolean':
      return [
        { what: '"yes"', value: 'yes' },
        { what: 'number for boolean', value: 2 },
        { what: 'null', value: null },
        { what: 'array for scalar', value: [true] },
        { what: 'nested array', value: NESTED },
        { what: 'NUL in string', value: 'true\u0000' },
      ];
    case 'array':
      return [
        { what: 'string for array', value: 'x' },
        { what: 'number for array', value: 1 },
        { what: 'null', value: null },
        { what: 'object for array', value: {} },
        { what: 'nested array', value: NESTED },
        { what: 'array of null', value: [null] },
        { what: 'huge array', value: Array.from({ length: 10_001 }, (_, index) => index + 1) },
      ];
    case 'object':
      return [
        { what: 'string for object', value: 'x' },
        { what: 'null', value: null },
        { what: 'array for object', value: [] },
        { what: 'nested array', value: NESTED },
      ];
    default:
      return [
        { what: 'huge string', value: HUGE },
        { what: 'NUL in string', value: 'a\u0000b' },
        { what: 'nested array', value: NESTED },
      ];
  }
}

/** Malformed values for a query parameter: text only, or the same key repeated. */
function hostileQuery(schema: JsonSchema): Hostile[] {
  const main = mainBranch(schema);
  if (main.enum) {
    return [
      { what: '"0x10"', value: '0x10' },
      { what: 'huge string', value: HUGE },
      { what: 'NUL in string', value: 'a\u0000' },
      { what: 'repeated key', value: ['a', 'b'] },
    ];
  }
  switch (main.type) {
    case 'integer':
    case 'number':
      return [
        { what: 'id past 2^31', value: '2147483648' },
        { what: '1e20', value: '1e20' },
        { what: 'negative', value: '-1' },
        { what: 'fraction', value: '1.5' },
        { what: '"NaN"', value: 'NaN' },
        { what: '"Infinity"', value: 'Infinity' },
        { what: '"0x10"', value: '0x10' },
        { what: '"   "', value: '   ' },
        { what: 'boolean', value: 'true' },
        { what: 'nested array', value: '[[[[1]]]]' },
        { what: 'NUL in string', value: '1\u0000' },
        { what: 'huge string', value: HUGE_DIGITS },
        { what: 'repeated key', value: ['1', '2'] },
      ];
    case 'array':
      return [
        { what: 'id past 2^31', value: ['1', '2147483648'] },
        { what: '"0x10"', value: '0x10' },
        { what: 'nested array', value: '[[[[1]]]]' },
        { what: 'NUL in string', value: '1\u0000' },
        { what: 'huge string', value: HUGE_DIGITS },
      ];
    case 'boolean':
      return [
        { what: '"yes"', value: 'yes' },
        { what: 'NUL in string', value: 'true\u0000' },
        { what: 'huge string', value: HUGE },
      ];
    default:
      return [
        { what: 'huge string', value: HUGE },
        { what: 'NUL in string', value: 'a\u0000b' },
        { what: 'repeated key', value: ['a', 'b'] },
      ];
  }
}

/** Malformed path parameters, some written raw (bad escapes the router itself must refuse). */
const HOSTILE_PATH: Hostile[] = [
  { what: 'NUL in path', value: raw('%00') },
  { what: 'lone %', value: raw('%') },
  { what: 'bad escape %ff', value: raw('%ff') },
  { what: 'path traversal', value: raw('..%2F..%2Fpackage.json') },
  { what: 'parameter over 100 chars', value: 'a'.repeat(101) },
  { what: 'huge string', value: HUGE },
  { what: 'id past 2^31', value: '2147483648' },
];

/** How an input travels when nothing about the encoding is under test. */
export function defaultBody(shape: RouteShape, input: RouteInput): Body {
  const spec = shape.multipart;
  if (spec && (!spec.jsonPart || spec.multipartOnly)) {
    const files = [
      { name: spec.fileField, filename: spec.fileName, content: spec.content() },
      ...(spec.moreFiles ?? []).map((file) => ({ name: file.field, filename: file.fileName, content: file.content() })),
    ];
    const { payload, contentType } = multipart([...valueParts(spec, input.body), ...files]);
    return { kind: 'raw', payload, contentType };
  }
  if (shape.body) return { kind: 'json', value: input.body };
  return { kind: 'none' };
}

/**
 * The parts that carry a multipart route's values: its JSON part, or one text part
 * per field (a list as repeated parts, an object as its JSON text), as a browser's form sends them.
 */
export function valueParts(spec: NonNullable<RouteShape['multipart']>, body: unknown): Part[] {
  if (spec.jsonPart) return [{ name: spec.jsonPart.name, content: JSON.stringify(body ?? {}) }];
  if (!spec.fieldParts || !body || typeof body !== 'object' || Array.isArray(body)) return [];
  const text = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  return Object.entries(body as Record<string, unknown>).flatMap(([name, value]): Part[] => {
    if (value === undefined) return [];
    if (value === null) return [{ name, content: '' }];
    return (Array.isArray(value) ? value : [value]).map((item) => ({ name, content: text(item) }));
  });
}

function fieldCases(shape: RouteShape, base: RouteInput): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const fields = fieldsOf(shape);
  for (const field of fields) {
    const hostile = field.where === 'path' ? HOSTILE_PATH : field.where === 'query' ? hostileQuery(field.schema) : hostileJson(field.schema);
    for (const { what, value } of hostile) {
      const input = withField(base, field, value);
      cases.push({
        where: field.label,
        what,
        mustRefuse: mustRefuse(field, value, shape.multipart?.fieldParts ? 'query' : 'json'),
        input,
        body: defaultBody(shape, input),
      });
    }
  }
  return cases;
}

/** `bodyCarrier` query: the body's fields travel as text parts, so they arrive as text, as a query's do. */
function mustRefuse(field: Field, value: unknown, bodyCarrier: 'json' | 'query'): boolean {
  if (typeof value === 'object' && value !== null && 'raw' in value) return true;
  if (bodyCarrier === 'query' && field.where === 'body' && (value === null || (typeof value === 'object' && !Array.isArray(value)))) {
    // null travels as an empty part (a missing value) and an object as its JSON text: what the field's rules make of those is theirs
    return false;
  }
  // In text parts a one-item list is one part, the same as the value alone, and a
  // number or true/false is its text: `true` for a name is the name "true".
  let sent = value;
  if (bodyCarrier === 'query' && field.where === 'body') {
    if (Array.isArray(sent) && sent.length === 1) sent = sent[0];
    if (typeof sent === 'number' || typeof sent === 'boolean') sent = String(sent);
  }
  return !acceptable(sent, field.schema, field.where === 'body' ? bodyCarrier : 'query', field.name);
}

/** Whole bodies that are no body of this route: broken JSON, wrong types, wrong content types. */
function bodyCases(shape: RouteShape, base: RouteInput): FuzzCase[] {
  const schema = shape.body;
  const refusedAs = (value: unknown) => schema !== undefined && !acceptable(value, schema, 'json');
  const json = (payload: string) => ({ kind: 'raw' as const, payload, contentType: 'application/json' });
  const baseText = JSON.stringify(base.body ?? {});
  const cases: FuzzCase[] = [
    { where: 'body', what: 'invalid JSON', mustRefuse: true, input: base, body: json('{"id": 1,') },
    { where: 'body', what: 'JSON null', mustRefuse: refusedAs(null), input: base, body: json('null') },
    { where: 'body', what: 'JSON array', mustRefuse: refusedAs([]), input: base, body: json('[]') },
    { where: 'body', what: 'nested array', mustRefuse: refusedAs(NESTED), input: base, body: json('[[[[1]]]]') },
    { where: 'body', what: 'JSON string', mustRefuse: refusedAs('x'), input: base, body: json('"x"') },
    { where: 'body', what: 'deep nesting', mustRefuse: schema !== undefined, input: base, body: json(`${'['.repeat(5000)}${']'.repeat(5000)}`) },
    { where: 'body', what: '__proto__ key', mustRefuse: refusedAs({}), input: base, body: json('{"__proto__":{"polluted":1}}') },
    {
      where: 'body',
      what: 'text/plain body',
      mustRefuse: schema !== undefined,
      input: base,
      body: { kind: 'raw', payload: baseText, contentType: 'text/plain' },
    },
    { where: 'body', what: 'unsupported content type', mustRefuse: true, input: base, body: { kind: 'raw', payload: '<a/>', contentType: 'application/xml' } },
    { where: 'body', what: 'no content type', mustRefuse: false, input: base, body: { kind: 'raw', payload: baseText } },
  ];
  if (schema && base.body && typeof base.body === 'object' && !Array.isArray(base.body)) {
    cases.push({ where: 'body', what: 'form-encoded', mustRefuse: false, input: base, body: { kind: 'form', value: base.body as Record<string, unknown> } });
  }
  if (shape.multipart?.multipartOnly) {
    // The JSON-body cases above are refused by a route that takes only multipart: that is what they check.
    for (const body of cases) body.mustRefuse = body.mustRefuse || body.body.kind !== 'raw' || !String(body.body.contentType ?? '').startsWith('multipart/');
  }
  if (!shape.multipart) {
    const { payload, contentType } = multipart([{ name: 'id', content: '1' }]);
    cases.push({ where: 'body', what: 'multipart to a JSON route', mustRefuse: refusedAs({}), input: base, body: { kind: 'raw', payload, contentType } });
  }
  return cases;
}

/** Broken multipart bodies and hostile parts. */
function multipartCases(shape: RouteShape, base: RouteInput): FuzzCase[] {
  const spec = shape.multipart!;
  const file = { name: spec.fileField, filename: spec.fileName, content: spec.content() };
  const extra = valueParts(spec, base.body);
  const withParts = (parts: Part[], options: { truncate?: boolean } = {}): Body => {
    const { payload, contentType } = multipart([...extra, ...parts], options);
    return { kind: 'raw', payload, contentType };
  };
  const whole = multipart([...extra, file]);
  const empty = multipart([]);
  // firmware/edit takes its file only when it is replaced; a flow needs its JSON part
  const fileNeeded = shape.key !== 'POST /api/firmware/edit' && !spec.fileOptional;
  const cases: FuzzCase[] = [
    {
      where: 'multipart',
      what: 'empty multipart',
      mustRefuse: fileNeeded || Boolean(spec.fieldParts ?? spec.multipartOnly),
      input: base,
      body: { kind: 'raw', payload: empty.payload, contentType: empty.contentType },
    },
    { where: 'multipart', what: 'truncated multipart', mustRefuse: true, input: base, body: withParts([file], { truncate: true }) },
    { where: 'multipart', what: 'multipart without boundary', mustRefuse: true, input: base, body: { kind: 'raw', payload: whole.payload, contentType: 'multipart/form-data' } },
    { where: 'multipart', what: 'file in another field', mustRefuse: fileNeeded && !spec.jsonPart, input: base, body: withParts([{ ...file, name: 'other' }]) },
    { where: 'multipart', what: 'NUL in file name', mustRefuse: false, input: base, body: withParts([{ ...file, filename: `a\u0000${spec.fileName}` }]) },
    { where: 'multipart', what: 'huge file name', mustRefuse: false, input: base, body: withParts([{ ...file, filename: `${'n'.repeat(20_000)}${spec.fileName}` }]) },
    { where: 'multipart', what: 'eleven files', mustRefuse: true, input: base, body: withParts(Array.from({ length: 11 }, () => file)) },
    { where: 'multipart', what: 'JSON {} instead of multipart', mustRefuse: fileNeeded || Boolean(spec.multipartOnly), input: base, body: { kind: 'json', value: {} } },
  ];
  if (spec.jsonPart) {
    const { payload, contentType } = multipart([{ name: spec.jsonPart.name, content: '{"productId": 1,' }, file]);
    cases.push({ where: 'multipart', what: 'JSON part not JSON (with a PDF)', mustRefuse: true, input: base, body: { kind: 'raw', payload, contentType } });
    const text = multipart([{ name: spec.jsonPart.name, content: 'x' }]);
    cases.push({ where: 'multipart', what: 'JSON part as plain text', mustRefuse: true, input: base, body: { kind: 'raw', payload: text.payload, contentType: text.contentType } });
  }
  if (spec.fileName.endsWith('.pdf')) {
    const exe = Buffer.concat([Buffer.from('MZ\u0090\u0000'), Buffer.alloc(200, 1)]);
    cases.push({ where: 'multipart', what: 'exe named .pdf', mustRefuse: true, input: base, body: withParts([{ ...file, content: exe, contentType: 'application/pdf' }]) });
  }
  return cases;
}

/** Broken query strings, written raw. */
function queryStringCases(shape: RouteShape, base: RouteInput): FuzzCase[] {
  const first = shape.query[0]?.name ?? 'q';
  return [
    { where: 'url', what: 'lone % in query', mustRefuse: false, input: base, body: defaultBody(shape, base), rawQuery: '%' },
    { where: 'url', what: 'bad escape %ff', mustRefuse: false, input: base, body: defaultBody(shape, base), rawQuery: `${first}=%ff` },
    { where: 'url', what: 'bracket keys', mustRefuse: false, input: base, body: defaultBody(shape, base), rawQuery: `${first}[a]=1&${first}[b]=2` },
  ];
}

/** Every case of a route for a caller that may use it. */
export function fullCases(shape: RouteShape, base: RouteInput): FuzzCase[] {
  const cases = [...fieldCases(shape, base), ...queryStringCases(shape, base)];
  if (shape.method !== 'GET') cases.push(...bodyCases(shape, base));
  if (shape.multipart) cases.push(...multipartCases(shape, base));
  return cases;
}

/**
 * The few cases an anonymous caller sends to a route that needs a session: the
 * guard answers before anything is parsed, so a handful shows it (401, nothing
 * else, whatever the input).
 */
export function anonymousCases(shape: RouteShape, base: RouteInput): FuzzCase[] {
  const cases: FuzzCase[] = [{ where: '-', what: 'plausible input', mustRefuse: true, input: base, body: defaultBody(shape, base) }];
  const field = fieldsOf(shape)[0];
  if (field) {
    for (const { what, value } of [
      { what: 'id past 2^31', value: field.where === 'body' ? 2_147_483_648 : '2147483648' },
      { what: 'huge string', value: HUGE },
    ]) {
      const input = withField(base, field, value);
      cases.push({ where: field.label, what, mustRefuse: true, input, body: defaultBody(shape, input) });
    }
  }
  if (shape.method !== 'GET') {
    cases.push({ where: 'body', what: 'invalid JSON', mustRefuse: true, input: base, body: { kind: 'raw', payload: '{"id": 1,', contentType: 'application/json' } });
  }
  return cases;
}
