import ExcelJS from 'exceljs';
import {
  communicationEditParam,
  DTU_TASK_EXCEL_FIELD,
  DTU_TASK_PARAM_FIELD,
  dtuTaskEditParam,
  dtuTaskParam,
  communicationPartParam,
  fittingAddFields,
  fittingEditFields,
  flowParams,
  moduleDtuAddFields,
  moduleDtuEditFields,
} from '@factory/contracts';
import { z, type ZodType } from 'zod';
import { pngBytes, tinyPdf } from '../factories/index.js';
import { type JsonSchema, mainBranch } from './json-schema.js';
import type { RouteInfo } from './route-table.js';

/** The slice of the OpenAPI document (as @fastify/swagger writes it) the generators read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface OpenApiOperation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * How a multipart route takes its parts. The OpenAPI document names these only in
 * prose, so they are listed here; the fuzz suite fails when a route that consumes
 * multipart/form-data has no entry.
 */
export interface MultipartSpec {
  fileField: string;
  fileName: string;
  content: () => Buffer;
  /** a JSON text part holding the route's fields (and the same JSON is taken as a plain body), and its zod schema */
  jsonPart?: { name: string; schema: JsonSchema; zod: ZodType };
  /** the route's fields travel as text parts beside the file, one part per field (a form), and this is their schema */
  fieldParts?: { schema: JsonSchema; zod: ZodType };
  /** only a multipart body is taken (the JSON part is not also taken as a plain body) */
  multipartOnly?: true;
  /** the file may be left out (an edit keeps the one it has) */
  fileOptional?: true;
  /** more files the plausible input carries beside fileField (a module DTU's three files) */
  moreFiles?: { field: string; fileName: string; content: () => Buffer }[];
}

const flowPart = () => ({
  name: 'productFlowParams',
  schema: z.toJSONSchema(flowParams, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
  zod: flowParams,
});

const schemaOf = (zod: ZodType) => ({ schema: z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as JsonSchema, zod });
const modulePart = (zod: ZodType) => ({ name: 'communicationPartParam', ...schemaOf(zod) });
const png = () => pngBytes('fuzz image');
const moduleDtuFiles = [
  { field: 'productFile', fileName: 'fuzz-production.pdf', content: () => tinyPdf('production') },
  { field: 'otherRequestFile', fileName: 'fuzz-other.pdf', content: () => tinyPdf('other') },
];

/** A DTU task's data delivery: an .xlsx of major/minor values (made once: the spec's content() is synchronous). */
async function majorMinorWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('major_minor');
  sheet.addRow(['major', 'minor']);
  for (let row = 1; row <= 20; row++) sheet.addRow([100, row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const MAJOR_MINOR_XLSX = await majorMinorWorkbook();
const dtuTaskPart = (zod: ZodType) => ({ name: DTU_TASK_PARAM_FIELD, ...schemaOf(zod) });

export const MULTIPART_ROUTES: Record<string, MultipartSpec> = {
  'POST /api/file/upload': { fileField: 'files', fileName: 'fuzz.txt', content: () => Buffer.from('fuzz upload') },
  'POST /api/document/upload': { fileField: 'file', fileName: 'fuzz.pdf', content: () => tinyPdf('fuzz') },
  'POST /api/firmware/add': { fileField: 'data', fileName: 'fuzz.bin', content: () => Buffer.from('fuzz firmware') },
  'POST /api/firmware/edit': { fileField: 'data', fileName: 'fuzz.bin', content: () => Buffer.from('fuzz firmware 2') },
  'POST /api/flow/add': { fileField: 'pdf', fileName: 'fuzz.pdf', content: () => tinyPdf('flow'), jsonPart: flowPart() },
  'POST /api/flow/edit': { fileField: 'pdf', fileName: 'fuzz.pdf', content: () => tinyPdf('flow'), jsonPart: flowPart() },
  'POST /api/fitting/add': { fileField: 'image', fileName: 'fuzz.png', content: png, fieldParts: schemaOf(fittingAddFields), multipartOnly: true },
  'POST /api/fitting/edit': {
    fileField: 'image',
    fileName: 'fuzz.png',
    content: png,
    fieldParts: schemaOf(fittingEditFields),
    multipartOnly: true,
    fileOptional: true,
  },
  'POST /api/communication/add': {
    fileField: 'modelImage',
    fileName: 'fuzz.png',
    content: png,
    jsonPart: modulePart(communicationPartParam),
    multipartOnly: true,
    fileOptional: true,
  },
  'POST /api/communication/edit': {
    fileField: 'modelImage',
    fileName: 'fuzz.png',
    content: png,
    jsonPart: modulePart(communicationEditParam),
    multipartOnly: true,
    fileOptional: true,
  },
  'POST /api/communication/dtuAdd': {
    fileField: 'bomListFile',
    fileName: 'fuzz-bom.csv',
    content: () => Buffer.from('物料,数量\nA,1\n'),
    fieldParts: schemaOf(moduleDtuAddFields),
    multipartOnly: true,
    moreFiles: moduleDtuFiles,
  },
  'POST /api/dtuTask/add': {
    fileField: DTU_TASK_EXCEL_FIELD,
    fileName: 'fuzz-major-minor.xlsx',
    content: () => MAJOR_MINOR_XLSX,
    jsonPart: dtuTaskPart(dtuTaskParam),
    multipartOnly: true,
    fileOptional: true,
  },
  'POST /api/dtuTask/edit': {
    fileField: DTU_TASK_EXCEL_FIELD,
    fileName: 'fuzz-major-minor.xlsx',
    content: () => MAJOR_MINOR_XLSX,
    jsonPart: dtuTaskPart(dtuTaskEditParam),
    multipartOnly: true,
    fileOptional: true,
  },
  'POST /api/communication/dtuEdit': {
    fileField: 'bomListFile',
    fileName: 'fuzz-bom.csv',
    content: () => Buffer.from('物料,数量\nB,2\n'),
    fieldParts: schemaOf(moduleDtuEditFields),
    multipartOnly: true,
    fileOptional: true,
  },
};

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** What a route takes, from the OpenAPI document and the route table. */
export interface RouteShape {
  route: RouteInfo;
  key: string;
  method: string;
  url: string;
  query: Param[];
  path: Param[];
  /** the JSON body's schema (for a multipart route with a JSON part: that part's) */
  body?: JsonSchema;
  multipart?: MultipartSpec;
  /** whether a successful answer is the JSON envelope (not a file, an image or a stream) */
  answersJson: boolean;
}

export function shapeOf(route: RouteInfo, operation: OpenApiOperation): RouteShape {
  const parameters = operation.parameters ?? [];
  const param = (where: 'query' | 'path') =>
    parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
  const multipart = MULTIPART_ROUTES[route.key];
  const success = operation.responses?.['200'];
  return {
    route,
    key: route.key,
    method: route.method,
    url: route.url,
    query: param('query'),
    path: param('path'),
    body: operation.requestBody?.content['application/json']?.schema ?? multipart?.jsonPart?.schema ?? multipart?.fieldParts?.schema,
    multipart,
    answersJson: success?.content?.['application/json'] !== undefined,
  };
}

/** One leaf (or container) of a route's input that a mutation can replace. */
export interface Field {
  where: 'query' | 'path' | 'body';
  /** keys from the location's root; numbers index arrays */
  path: (string | number)[];
  /** `body.facLineVos[].lineId`, the scope table's notation */
  label: string;
  name: string;
  schema: JsonSchema;
}

/** Every field of a route's input, containers included, nested objects and the first element of arrays. */
export function fieldsOf(shape: RouteShape): Field[] {
  const fields: Field[] = [];
  for (const p of shape.query) fields.push({ where: 'query', path: [p.name], label: `query.${p.name}`, name: p.name, schema: p.schema });
  for (const p of shape.path) fields.push({ where: 'path', path: [p.name], label: `path.${p.name}`, name: p.name, schema: p.schema });
  if (shape.body) walk(shape.body, [], 'body', '', 0);
  return fields;

  function walk(schema: JsonSchema, path: (string | number)[], label: string, name: string, depth: number): void {
    if (depth > 4) return;
    const main = mainBranch(schema);
    if (path.length > 0) fields.push({ where: 'body', path, label, name, schema });
    if (main.type === 'object' && main.properties) {
      for (const [key, property] of Object.entries(main.properties)) walk(property, [...path, key], `${label}.${key}`, key, depth + 1);
    }
    if (main.type === 'array' && main.items) walk(main.items, [...path, 0], `${label}[]`, name, depth + 1);
  }
}

/** Field names that hold one of a caller's rows, when the scope table does not say. */
const ID_BY_NAME: Record<string, string> = {
  taskId: 'task',
  productId: 'product',
  lineId: 'line',
  lineIds: 'line',
  productionLineIds: 'line',
  terminalId: 'terminal',
  roleId: 'role',
  factoryId: 'factory',
  propertyId: 'property',
  flowId: 'productFlow',
  itemId: 'taskFlowItem',
  parentId: 'account',
  puserId: 'account',
  flowTopoId: 'taskFlow',
  deviceId: 'productionCode',
  productionCode: 'productionCode',
};

/** What `id` names on each module's routes, when the scope table does not say. */
const ID_BY_MODULE: Record<string, string> = {
  task: 'task',
  board: 'task',
  line: 'line',
  user: 'user',
  role: 'role',
  product: 'product',
  property: 'property',
  flow: 'productFlow',
  firmware: 'firmware',
  productionRecord: 'productionCode',
};

export function idKindByName(routeUrl: string, name: string): string | undefined {
  if (name === 'id') return ID_BY_MODULE[routeUrl.split('/')[2] ?? ''];
  return ID_BY_NAME[name];
}

/** A value for a field, chosen by the caller: an id of its own rows, a lookup id, or undefined (generate one). */
export type Resolve = (field: { label: string; name: string }) => unknown;

export interface RouteInput {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
}

/** A plausible valid input: required fields, ids from `resolve`, the rest made to fit the schema. */
export function baseInput(shape: RouteShape, resolve: Resolve): RouteInput {
  const input: RouteInput = { query: {}, path: {}, body: undefined };
  for (const p of shape.query) {
    const known = resolve({ label: `query.${p.name}`, name: p.name }) !== undefined;
    if (known || p.required) input.query[p.name] = sample(p.schema, p.name, `query.${p.name}`, resolve);
  }
  for (const p of shape.path) input.path[p.name] = sample(p.schema, p.name, `path.${p.name}`, resolve);
  if (shape.body) input.body = sample(shape.body, '', 'body', resolve);
  return input;
}

let serial = 0;
/** Text that fits a field's pattern and length, unique enough that a create does not meet a duplicate. */
function textFor(schema: JsonSchema, name: string): string {
  serial += 1;
  const tag = serial.toString(36);
  const lower = name.toLowerCase();
  const candidates = [
    ...(lower.includes('password') ? ['Fuzz1234x'] : []),
    ...(lower.includes('time') ? ['2030-01-01 08:00:00', '2030-01-01'] : []),
    ...(lower.includes('version') ? [`v1.${tag}`] : []),
    `Fz${tag}x`,
    `Fz_${tag}_0000`,
    `测试${tag}`.slice(0, 10),
    `ab${tag}`,
    'abcd',
    '2030-01-01 08:00:00',
    '2030-01-01',
    'x',
  ];
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity) &&
    (schema.pattern === undefined || safeTest(schema.pattern, text));
  return candidates.find(fits) ?? candidates[0]!;
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return true;
  }
}

function sample(schema: JsonSchema, name: string, label: string, resolve: Resolve): unknown {
  const main = mainBranch(schema);
  const resolved = name ? resolve({ label, name }) : undefined;
  if (resolved !== undefined) return main.type === 'array' && !Array.isArray(resolved) ? [resolved] : resolved;
  if (main.enum) return main.enum.find((option) => option !== '') ?? main.enum[0];
  if (main.const !== undefined) return main.const;
  if (main.default !== undefined) return main.default;
  switch (main.type) {
    case 'integer':
    case 'number': {
      const low = typeof main.exclusiveMinimum === 'number' ? main.exclusiveMinimum + 1 : (main.minimum ?? 1);
      return Math.min(Math.max(low, 1), main.maximum ?? Infinity);
    }
    case 'string':
      return textFor(main, name);
    case 'boolean':
      return false;
    case 'array': {
      if (!main.items) return [];
      const count = Math.max(main.minItems ?? 0, 1);
      return Array.from({ length: count }, () => sample(main.items!, name, `${label}[]`, resolve));
    }
    case 'object': {
      // Required fields, and the optional ones the caller has a value for (ids, lookups).
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(main.properties ?? {})) {
        const wanted = (main.required ?? []).includes(key) || resolve({ label: `${label}.${key}`, name: key }) !== undefined;
        if (wanted) value[key] = sample(property, key, `${label}.${key}`, resolve);
      }
      return value;
    }
    default:
      return 'x';
  }
}

/** The input with one field replaced (or added); `undefined` removes it. */
export function withField(input: RouteInput, field: Field, value: unknown): RouteInput {
  const copy = structuredClone(input);
  if (field.where === 'query') {
    if (value === undefined) delete copy.query[field.name];
    else copy.query[field.name] = value;
    return copy;
  }
  if (field.where === 'path') {
    copy.path[field.name] = value;
    return copy;
  }
  copy.body = setAt(copy.body, field.path, value);
  return copy;
}

function setAt(container: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(container) ? [...(container as unknown[])] : [];
    list[head] = setAt(list[head] ?? {}, rest, value);
    return list;
  }
  const record = container && typeof container === 'object' && !Array.isArray(container) ? { ...(container as Record<string, unknown>) } : {};
  record[head!] = setAt(record[head!], rest, value);
  if (value === undefined && rest.length === 0) delete record[head!];
  return record;
}

/**
 * The order the generated suites visit routes in: reads, writes, status changes,
 * removals, and last the removal of parents (a product, a line), so that a call
 * that wrongly succeeds, or a control that rightly does, disturbs the fewest
 * later cases.
 */
export function byRisk(a: RouteShape, b: RouteShape): number {
  const rank = (shape: RouteShape) => {
    if (shape.method === 'GET') return 0;
    if (/\/(product|line)\/delete$/.test(shape.url)) return 4;
    if (/(delete|delTask)$/.test(shape.url)) return 3;
    return /(logout|editPassword|resetPassword|changeStatus|stopTask|endTask)$/.test(shape.url) ? 2 : 1;
  };
  return rank(a) - rank(b) || a.key.localeCompare(b.key);
}
