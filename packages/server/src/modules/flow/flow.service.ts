import {
  checkFlowItem,
  checkManualItems,
  type CheckedProperty,
  type DataType,
  type Flow,
  type FlowCheckItem,
  type FlowItem,
  type FlowItemInput,
  type FlowType,
  INTERVAL,
  MSG,
  NUMERIC_TYPES,
  scanCodesOf,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { fileUrl, type ReceivedBlob, recordStoredFile } from '../../platform/files.js';
import { type GuardedProduct, type ProductScope, requireEditableProduct } from '../../platform/product-guard.js';
import { allProperties, parseEnumerates, type PropertyRow } from '../../platform/product-properties.js';
import type { RequestScope } from '../../platform/request-scope.js';
import type { Database } from '../../platform/schema.js';
import { formatTime } from '../../platform/time.js';
import {
  dropUnusedPdf,
  findFlow,
  type FlowItemRow,
  flowOrder,
  type FlowPosition,
  type FlowRow,
  flowsOfProduct,
  insertFlow,
  itemsOfFlows,
  manualItemsOfFlows,
  removeFlow,
  replaceItems,
  updateFlow,
  writeFlowOrder,
} from './flow.repository.js';
import type { FlowInput } from './flow-upload.js';

/** Who writes: the product scope, and the account the PDF of a flow is recorded under. */
export type FlowWriteScope = ProductScope & Pick<RequestScope, 'account'>;

/* ------------------------------------------------------------------ answers */

function checkedPropertyOf(row: PropertyRow): CheckedProperty {
  return {
    name: row.name,
    dataTypeId: row.dataTypeId as DataType,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    length: row.length,
    enumerates: parseEnumerates(row.enumerates),
  };
}

function parseKeys(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

type StandardValue = Pick<
  FlowItem,
  'intervalNumber' | 'normalValue' | 'normalValueMax' | 'normalStr' | 'normalBoolean' | 'normalEnums'
>;

const NO_STANDARD_VALUE: StandardValue = {
  intervalNumber: INTERVAL.value,
  normalValue: '',
  normalValueMax: '',
  normalStr: '',
  normalBoolean: null,
  normalEnums: [],
};

function standardValueOf(item: FlowItemRow): StandardValue {
  return {
    intervalNumber: item.intervalNumber,
    normalValue: item.normalValue,
    normalValueMax: item.normalValueMax,
    normalStr: item.normalStr,
    normalBoolean: item.normalBoolean,
    normalEnums: parseKeys(item.normalEnums),
  };
}

function itemOf(property: PropertyRow, value: StandardValue): FlowItem {
  const checked = checkedPropertyOf(property);
  return {
    id: property.id,
    name: property.name,
    code: property.code,
    dataTypeId: checked.dataTypeId,
    unitName: property.unitName,
    min: checked.min,
    max: checked.max,
    length: property.length,
    trueValue: property.trueValue,
    falseValue: property.falseValue,
    enumerates: checked.enumerates,
    ...value,
  };
}

export interface ProductFlows {
  flows: Flow[];
  properties: PropertyRow[];
  items: FlowItemRow[];
}

/** A product's flows in order, as the flow page and the detail diagram show them. */
export async function loadFlows(
  db: Kysely<Database>,
  product: { id: number; communicationId: string },
  timeZone: string,
): Promise<ProductFlows> {
  const rows = await flowsOfProduct(db, product.id);
  const ids = rows.map((row) => row.id);
  const [items, manualItems, properties] = await Promise.all([
    itemsOfFlows(db, ids),
    manualItemsOfFlows(db, ids),
    allProperties(db, product.id),
  ]);
  const propertyById = new Map(properties.map((property) => [property.id, property]));
  const flows = rows.map((row, index): Flow => {
    const flowType = row.flowType as FlowType;
    const bindMac = row.bindMac === 1;
    return {
      id: row.id,
      productId: row.productId,
      name: row.name,
      order: row.sequence,
      preId: rows[index - 1]?.id ?? null,
      prevId: rows[index - 1]?.id ?? null,
      nextId: rows[index + 1]?.id ?? null,
      bindMac,
      normal: row.normal === 1,
      show: true,
      flowType,
      scanCodes: scanCodesOf({ flowType, bindMac }, product.communicationId),
      pdfFileName: row.pdfFileName,
      pdfDownloadUrl: row.pdfFileKey ? fileUrl(row.pdfFileKey) : null,
      items: items
        .filter((item) => item.flowId === row.id && propertyById.has(item.propertyId))
        .map((item) => itemOf(propertyById.get(item.propertyId)!, standardValueOf(item))),
      manualItems: manualItems
        .filter((manual) => manual.flowId === row.id)
        .map((manual) => ({ id: manual.id, manualValue: manual.manualValue })),
      updateTime: formatTime(Number(row.updateTime), timeZone),
    };
  });
  return { flows, properties, items };
}

/** Every property of the product as the flow form offers it, checked or not, with this flow's standard values. */
export function checkItemsOf(loaded: ProductFlows, flowId: number): FlowCheckItem[] {
  const ofFlow = new Map(loaded.items.filter((item) => item.flowId === flowId).map((item) => [item.propertyId, item]));
  return loaded.properties.map((property) => {
    const item = ofFlow.get(property.id);
    return { ...itemOf(property, item ? standardValueOf(item) : NO_STANDARD_VALUE), checked: item !== undefined };
  });
}

/* ------------------------------------------------------------------ writes */

type StoredItem = Omit<FlowItemRow, 'flowId'>;

/** Only the standard value of the property's type is kept (the other fields empty). */
function storedItemOf(property: PropertyRow, item: FlowItemInput): StoredItem {
  const stored: StoredItem = { propertyId: property.id, ...NO_STANDARD_VALUE, normalEnums: '[]' };
  const type = property.dataTypeId as DataType;
  if (type === 'boolean') return { ...stored, normalBoolean: item.normalBoolean };
  if (type === 'string' || type === 'url') return { ...stored, normalStr: item.normalStr };
  if (type === 'enum') return { ...stored, normalEnums: JSON.stringify([...new Set(item.normalEnums)]) };
  if (NUMERIC_TYPES.includes(type)) {
    const range = item.intervalNumber === INTERVAL.range;
    return {
      ...stored,
      intervalNumber: item.intervalNumber,
      normalValue: item.normalValue,
      normalValueMax: range ? item.normalValueMax : '',
    };
  }
  return stored;
}

/**
 * The items must be properties of the product (400 flowPropertyUnknown), each once,
 * with a standard value its property accepts (checkFlowItem, the form's own rule and
 * words), then the manual rows (checkManualItems). Read in the writing transaction,
 * after the product's lock, so a property changed meanwhile is checked as it is now.
 */
async function checkedItems(trx: Kysely<Database>, productId: number, input: FlowInput): Promise<StoredItem[]> {
  const properties = new Map((await allProperties(trx, productId)).map((property) => [property.id, property]));
  const seen = new Set<number>();
  const stored: StoredItem[] = [];
  for (const item of input.items) {
    const property = properties.get(item.id);
    if (!property) throw badRequest(MSG.flowPropertyUnknown);
    if (seen.has(item.id)) throw badRequest(MSG.invalidInput);
    seen.add(item.id);
    const message = checkFlowItem(checkedPropertyOf(property), item);
    if (message) throw badRequest(message);
    stored.push(storedItemOf(property, item));
  }
  const manualMessage = checkManualItems(input.manualItems);
  if (manualMessage) throw badRequest(manualMessage);
  return stored;
}

/** Where a new flow goes: after preId and before nextId (neighbours now, else the page is stale); the end by default. */
function insertionIndex(order: readonly FlowPosition[], preId: number | undefined, nextId: number | undefined): number {
  const ids = order.map((flow) => flow.id);
  const pre = preId === undefined ? undefined : ids.indexOf(preId);
  const next = nextId === undefined ? undefined : ids.indexOf(nextId);
  if (pre === -1 || next === -1) throw conflict(MSG.flowPositionStale);
  if (pre !== undefined && next !== undefined && next !== pre + 1) throw conflict(MSG.flowPositionStale);
  if (pre !== undefined) return pre + 1;
  if (next !== undefined) return next;
  return ids.length;
}

export interface SavedFlow {
  id: number;
  name: string;
  product: GuardedProduct;
  /** blobs whose last file row went with the change, to delete from disk after the commit */
  releasedSha256: string[];
}

export async function addFlow(
  tx: Db,
  scope: FlowWriteScope,
  input: FlowInput,
  pdf: ReceivedBlob | null,
): Promise<SavedFlow> {
  const trx = tx.kysely;
  const product = await requireEditableProduct(tx, scope, input.productId);
  const items = await checkedItems(trx, product.id, input);
  const order = await flowOrder(trx, product.id);
  const index = insertionIndex(order, input.preId, input.nextId);
  const pdfFileId = pdf ? (await recordStoredFile(trx, pdf, scope.account.id)).id : null;
  const fields = { name: input.name, bindMac: input.bindMac ? 1 : 0, flowType: input.flowType, pdfFileId };
  const id = await insertFlow(trx, product.id, index + 1, fields, Date.now());
  const ordered = order.map((flow) => flow.id);
  ordered.splice(index, 0, id);
  await writeFlowOrder(trx, [...order, { id, sequence: index + 1 }], ordered);
  await replaceItems(trx, id, items, input.manualItems);
  return { id, name: input.name, product, releasedSha256: [] };
}

/**
 * Locks the product of a flow and answers the flow as it is under the lock (a
 * concurrent call may have deleted it: 404) with the product's current order.
 */
async function lockFlow(
  tx: Db,
  scope: FlowWriteScope,
  flowId: number,
  productId?: number,
): Promise<{ flow: FlowRow; product: GuardedProduct; order: FlowPosition[] }> {
  const trx = tx.kysely;
  const found = await findFlow(trx, scope, flowId);
  if (!found || (productId !== undefined && found.productId !== productId)) throw notFound();
  const product = await requireEditableProduct(tx, scope, found.productId);
  const flow = await findFlow(trx, scope, flowId);
  if (!flow) throw notFound();
  return { flow, product, order: await flowOrder(trx, product.id) };
}

/** Edits a flow in place (its position stays); preId and nextId are ignored. */
export async function editFlow(
  tx: Db,
  scope: FlowWriteScope,
  input: FlowInput,
  pdf: ReceivedBlob | null,
): Promise<SavedFlow> {
  const trx = tx.kysely;
  if (input.id === undefined) throw badRequest(MSG.idRequired);
  const { flow, product } = await lockFlow(tx, scope, input.id, input.productId);
  const items = await checkedItems(trx, product.id, input);
  let pdfFileId = flow.pdfFileId;
  if (pdf) pdfFileId = (await recordStoredFile(trx, pdf, scope.account.id)).id;
  else if (input.removePdf) pdfFileId = null;
  await updateFlow(trx, flow.id, { name: input.name, bindMac: input.bindMac ? 1 : 0, flowType: input.flowType, pdfFileId }, Date.now());
  await replaceItems(trx, flow.id, items, input.manualItems);
  const released = flow.pdfFileId !== null && flow.pdfFileId !== pdfFileId ? await dropUnusedPdf(trx, flow.pdfFileId) : null;
  return { id: flow.id, name: input.name, product, releasedSha256: released ? [released] : [] };
}

/** Deletes a flow and closes the gap it leaves in the order. */
export async function deleteFlow(tx: Db, scope: FlowWriteScope, id: number): Promise<SavedFlow> {
  const trx = tx.kysely;
  const { flow, product, order } = await lockFlow(tx, scope, id);
  await removeFlow(trx, id);
  const rest = order.filter((position) => position.id !== id);
  await writeFlowOrder(
    trx,
    rest,
    rest.map((position) => position.id),
  );
  const released = flow.pdfFileId !== null ? await dropUnusedPdf(trx, flow.pdfFileId) : null;
  return { id, name: flow.name, product, releasedSha256: released ? [released] : [] };
}

/** Swaps two flows of one product (a tile dropped on another tile). */
export async function swapFlows(
  tx: Db,
  scope: FlowWriteScope,
  fromId: number,
  toId: number,
): Promise<{ from: FlowRow; product: GuardedProduct }> {
  const trx = tx.kysely;
  const { flow: from, product, order } = await lockFlow(tx, scope, fromId);
  if (fromId === toId) throw conflict(MSG.flowSamePosition);
  const ids = order.map((position) => position.id);
  const fromIndex = ids.indexOf(fromId);
  const toIndex = ids.indexOf(toId);
  if (toIndex === -1) throw conflict(MSG.flowPositionStale);
  ids[fromIndex] = toId;
  ids[toIndex] = fromId;
  await writeFlowOrder(trx, order, ids);
  return { from, product };
}

/**
 * Moves `middle` between `left` and `right` (a tile dropped on a connector, or the
 * sort dialog); either may be empty at an end. They must be neighbours once middle
 * is taken out (409 flowPositionStale otherwise: the page shows an old order), and a
 * move that changes nothing is refused with the form's warning (flowSamePosition).
 */
export async function moveFlow(
  tx: Db,
  scope: FlowWriteScope,
  move: { left?: number | undefined; middle: number; right?: number | undefined },
): Promise<{ middle: FlowRow; product: GuardedProduct }> {
  const trx = tx.kysely;
  const { flow: middle, product, order } = await lockFlow(tx, scope, move.middle);
  if (move.left === move.middle || move.right === move.middle) throw conflict(MSG.flowSamePosition);
  const ids = order.map((position) => position.id);
  const rest = ids.filter((id) => id !== move.middle);
  const leftIndex = move.left === undefined ? -1 : rest.indexOf(move.left);
  const rightIndex = move.right === undefined ? rest.length : rest.indexOf(move.right);
  if ((move.left !== undefined && leftIndex === -1) || (move.right !== undefined && rightIndex === -1)) {
    throw conflict(MSG.flowPositionStale);
  }
  if (rightIndex !== leftIndex + 1) throw conflict(MSG.flowPositionStale);
  const moved = [...rest];
  moved.splice(leftIndex + 1, 0, move.middle);
  if (moved.every((id, index) => id === ids[index])) throw conflict(MSG.flowSamePosition);
  await writeFlowOrder(trx, order, moved);
  return { middle, product };
}
