import {
  type BodyOut,
  MSG,
  type TERMINAL_ENDPOINTS,
  TERMINAL_STATUS,
  type TerminalList,
  type terminalListQuery,
  type TerminalPad,
  type TerminalType,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { findLine } from '../../platform/lines.js';
import type { Database } from '../../platform/schema.js';
import { taskLabel } from '../../platform/task-facts.js';
import { settleTerminalLoss } from '../../platform/task-lifecycle.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import { mayUseLine } from '../../platform/terminal-scope.js';
import {
  categories,
  dtuTasksOfPads,
  findCategory,
  findTerminal,
  insertTerminal,
  type TerminalRecord,
  type TerminalRow,
  terminalCodeTaken,
  terminalRows,
  updateTerminal,
} from './terminal.repository.js';

const { unused, used, overallCheck, partsCheck, idle } = TERMINAL_STATUS;
/** PAD states that keep it on a production line */
const ON_LINE: readonly number[] = [overallCheck, partsCheck, idle];

/** What a parts-check PAD works on: its DTU task's name and the DTU's model. */
type DtuTaskNames = ReadonlyMap<number, { fittingType: string; dtuType: string }>;

function toPad(row: TerminalRow, dtuTasks: DtuTaskNames = new Map()): TerminalPad {
  const dtuTask = row.status === partsCheck && row.taskId !== null ? dtuTasks.get(row.taskId) : undefined;
  return {
    padId: row.id,
    padName: row.terminalName,
    padCode: row.terminalCode,
    terminalType: row.terminalType as TerminalType,
    status: row.status,
    categoryId: row.categoryId,
    category: row.categoryName,
    belongTaskType: row.terminalType === 'PAD' && ON_LINE.includes(row.status) ? row.status : null,
    // What the PAD works on comes from its task: a production task (overall check)
    // names its model, type and flow; a DTU task (parts check) its DTU's model and its name.
    productNumber: row.productNumber,
    productType: row.productTypeName,
    dtuType: dtuTask?.dtuType ?? null,
    padFlow: row.flowName,
    fittingType: dtuTask?.fittingType ?? null,
    taskName: row.taskId !== null && row.productNumber !== null ? taskLabel({ id: row.taskId, productNumber: row.productNumber }) : null,
    padWorker: row.workerName,
    lineId: row.lineId,
    lineName: row.lineName,
    taskId: row.taskId,
  };
}

const countOf = (rows: TerminalRow[], status: number) => rows.filter((row) => row.status === status).length;

/**
 * The terminal page of one tab. The counters are the tab's clickable status
 * filters, so they count the terminals matching the search (name or code, model,
 * line) and ignore the status filter: clicking one must not zero the others.
 * The lists honour every filter.
 */
export async function terminalList(
  db: Kysely<Database>,
  scope: TaskScope,
  query: z.output<typeof terminalListQuery>,
): Promise<TerminalList> {
  const { terminalType, status, lineId, padKey, categoryId } = query;
  const rows = await terminalRows(db, scope, { terminalType, lineId, padKey, categoryId });
  const shown = status === undefined ? rows : rows.filter((row) => row.status === status);
  const freeCount = countOf(rows, unused);
  const result: TerminalList = {
    freePadList: [],
    taskLineList: [],
    pdaFreeList: [],
    pdaUsedList: [],
    total: rows.length,
    freeCount,
    usedCount: rows.length - freeCount,
    noTaskCount: 0,
    overallCheckCount: 0,
    partsCheckCount: 0,
  };

  if (terminalType === 'PDA') {
    result.pdaFreeList = shown.filter((row) => row.status === unused).map((row) => toPad(row));
    result.pdaUsedList = shown.filter((row) => row.status === used).map((row) => toPad(row));
    return result;
  }

  result.noTaskCount = countOf(rows, idle);
  result.overallCheckCount = countOf(rows, overallCheck);
  result.partsCheckCount = countOf(rows, partsCheck);
  result.freePadList = shown.filter((row) => row.status === unused).map((row) => toPad(row));
  const partsCheckTaskIds = shown.filter((row) => row.status === partsCheck && row.taskId !== null).map((row) => row.taskId!);
  const dtuTasks: DtuTaskNames = new Map((await dtuTasksOfPads(db, partsCheckTaskIds)).map((task) => [task.id, task]));
  const groups = new Map<number, TerminalList['taskLineList'][number]>();
  for (const row of shown) {
    if (!ON_LINE.includes(row.status)) continue;
    // A PAD on a task always has a line; should one ever lack it, it still shows, under 0.
    const key = row.lineId ?? 0;
    let group = groups.get(key);
    if (!group) {
      const lineName = row.lineName ?? '未分配产线';
      group = { lineId: key, lineName, taskId: null, productType: null, productNumber: null, linePadList: [] };
      groups.set(key, group);
    }
    const pad = toPad(row, dtuTasks);
    group.linePadList.push(pad);
    // The group names the task of its first PAD on a task, preferring one whose type and model are known.
    if (pad.taskId !== null && (group.taskId === null || (group.productNumber === null && pad.productNumber !== null))) {
      group.taskId = pad.taskId;
      group.productType = pad.productType;
      group.productNumber = pad.productNumber;
    }
  }
  result.taskLineList = [...groups.values()].sort((a, b) => a.lineId - b.lineId);
  return result;
}

/** Category id → name, in display order. */
export async function categoryMap(db: Kysely<Database>, terminalType?: TerminalType): Promise<Record<string, string>> {
  // Integer-like keys keep ascending order in a JS object whatever the insertion order;
  // the seeded models have ids in their sequence order, so the map reads in display order.
  return Object.fromEntries((await categories(db, terminalType)).map((category) => [String(category.id), category.name]));
}

/** The model of a new terminal: given and of its type, or for a PDA the first handheld model. */
async function categoryFor(db: Kysely<Database>, terminalType: TerminalType, categoryId: number | undefined): Promise<number> {
  if (categoryId === undefined) {
    const fallback = terminalType === 'PDA' ? (await categories(db, 'PDA'))[0] : undefined;
    if (!fallback) throw badRequest(MSG.terminalCategoryRequired);
    return fallback.id;
  }
  const category = await findCategory(db, categoryId);
  if (category?.terminalType !== terminalType) throw badRequest(MSG.terminalCategoryRequired);
  return category.id;
}

/**
 * A line a PAD may be put on: the tenant's, enabled, and for a sub-user one of
 * its own (a PAD it put elsewhere would leave its sight, as a task would).
 */
async function requireBindableLine(db: Kysely<Database>, scope: TaskScope, lineId: number): Promise<void> {
  const line = await findLine(db, { ownerId: scope.ownerId }, lineId);
  if (!line || !mayUseLine(scope, lineId)) throw badRequest(MSG.lineNotOffered);
  if (line.status !== 1) throw badRequest(MSG.lineDisabledCannotBind);
}

/** A terminal to register, as validated. */
export type NewTerminalInput = BodyOut<typeof TERMINAL_ENDPOINTS.terminalAdd>;

/** Registers a terminal of the tenant: unused, or idle on a line when one is given (PAD only). */
export async function addTerminal(
  db: Kysely<Database>,
  scope: TaskScope,
  ownerId: number,
  input: NewTerminalInput,
): Promise<number> {
  const lineId = input.lineId ?? null;
  if (input.terminalType === 'PDA' && lineId !== null) throw badRequest(MSG.pdaHasNoLine);
  const categoryId = await categoryFor(db, input.terminalType, input.categoryId);
  if (lineId !== null) await requireBindableLine(db, scope, lineId);
  if (await terminalCodeTaken(db, input.terminalCode)) throw conflict(MSG.terminalCodeTaken);
  const terminal = {
    terminalCode: input.terminalCode,
    terminalName: input.terminalName,
    terminalType: input.terminalType,
    categoryId,
    lineId,
    status: lineId === null ? unused : idle,
    ownerId,
  };
  try {
    return await insertTerminal(db, terminal, Date.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.terminalCodeTaken);
    throw error;
  }
}

/** The scope's terminal of that id and type (404 otherwise: another line's is as unknown as a missing one). */
async function requireTerminal(
  db: Kysely<Database>,
  scope: TaskScope,
  id: number,
  terminalType: TerminalType,
): Promise<TerminalRecord> {
  const terminal = await findTerminal(db, scope, id);
  if (!terminal || terminal.terminalType !== terminalType) throw notFound();
  return terminal;
}

/** A terminal edit, as validated. */
export type TerminalEditInput = BodyOut<typeof TERMINAL_ENDPOINTS.terminalEdit>;

/**
 * Renames a terminal, and for an unused or idle PAD sets its line: a line makes it
 * idle on that line, none makes it unused (so a caller keeping the line sends it
 * again). A PAD on a task keeps its line: sending another one is refused, sending
 * none leaves it alone (the console offers no line select for such a PAD).
 * Answers the terminal as it was.
 */
export async function editTerminal(db: Kysely<Database>, scope: TaskScope, input: TerminalEditInput): Promise<TerminalRecord> {
  const terminal = await requireTerminal(db, scope, input.terminalId, input.terminalType);
  const lineId = input.lineId ?? null;
  const terminalName = input.terminalName;

  if (terminal.terminalType === 'PDA') {
    if (lineId !== null) throw badRequest(MSG.pdaHasNoLine);
    await updateTerminal(db, terminal.id, { terminalName });
    return terminal;
  }
  if (terminal.status === overallCheck || terminal.status === partsCheck) {
    if (lineId !== null && lineId !== terminal.lineId) throw conflict(MSG.terminalBusyLine);
    await updateTerminal(db, terminal.id, { terminalName });
    return terminal;
  }
  // Keeping the line it is on is allowed even if that line was disabled since.
  if (lineId !== null && lineId !== terminal.lineId) await requireBindableLine(db, scope, lineId);
  await updateTerminal(db, terminal.id, { terminalName, lineId, status: lineId === null ? unused : idle });
  return terminal;
}

/**
 * Returns a terminal to unused: off its line, task and flow, with no worker.
 * Flows point at terminals only through terminal.taskId/flowId, so that takes it
 * off its task's flow; an UNSTART task left with a flow without terminals is NEW
 * again (it needs terminals before it can start).
 */
export async function unbindTerminal(
  db: Kysely<Database>,
  scope: TaskScope,
  terminalId: number,
  terminalType: TerminalType,
): Promise<TerminalRecord> {
  const terminal = await requireTerminal(db, scope, terminalId, terminalType);
  if (terminal.status === unused) throw conflict(MSG.terminalAlreadyUnused);
  await updateTerminal(db, terminal.id, { status: unused, lineId: null, taskId: null, flowId: null, workerId: null });
  if (terminal.status === overallCheck && terminal.taskId !== null) await settleTerminalLoss(db, terminal.taskId, Date.now());
  return terminal;
}
