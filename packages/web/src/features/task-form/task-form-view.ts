import { expireDateAllowed, MENUS, TASK_MSG, taskCreateBody, type PadInfo } from '@factory/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';

export const TASK_LIST_PATH = MENUS.productionCenter;
export const TERMINAL_MANAGE_PATH = MENUS.terminalManage;
export const TASK_MENU = MENUS.productionCenter;
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The task's id in the URL: none (a new task), a positive integer, or something else. */
export type TaskIdParam = { kind: 'none' } | { kind: 'id'; id: number } | { kind: 'invalid' };

export function taskIdParam(params: URLSearchParams): TaskIdParam {
  const text = params.get('id');
  if (text === null || text.trim() === '') return { kind: 'none' };
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? { kind: 'id', id } : { kind: 'invalid' };
}

/** `1,2,3` → [1, 2, 3]; anything that is not a positive integer is left out. */
export function lineIdsOf(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

export const flowInfoUrl = (taskId: number, lineIds: readonly number[]) =>
  `/flowInfo?id=${taskId}&productionLineIds=${lineIds.join(',')}`;
export const basicInfoUrl = (taskId: number) => `/basicInfo?id=${taskId}`;

/** `name (code) · lineName`: the code tells two PADs of one name apart, the line where to find them. */
export function padLabel(pad: Pick<PadInfo, 'name' | 'code' | 'lineName'>): string {
  return pad.lineName ? `${pad.name} (${pad.code}) · ${pad.lineName}` : `${pad.name} (${pad.code})`;
}

/** The picker offers nothing before yesterday (seed 000 §5: not earlier than yesterday). */
export const beforeYesterday = (date: Dayjs) => date.isBefore(dayjs().subtract(1, 'day'), 'day');

/**
 * The expiry field's rule: the contract's own field (required, a date) on the
 * picked day, then the yesterday rule against today as the browser sees it.
 */
export const expireDateSchema = z
  .preprocess((value) => (dayjs.isDayjs(value) ? value.format(DATE_FORMAT) : value), taskCreateBody.shape.expireTime)
  .refine((text) => expireDateAllowed(text, dayjs().format(DATE_FORMAT)), TASK_MSG.expireTooEarly);

/** flow id → the ids of the terminals chosen for it */
export type TerminalChoice = Readonly<Record<number, readonly number[]>>;

/** The terminals other flows hold: a terminal serves one flow only (seed 000 §2). */
export function takenByOtherFlows(choice: TerminalChoice, flowId: number): Set<number> {
  const taken = new Set<number>();
  for (const [otherId, padIds] of Object.entries(choice)) {
    if (Number(otherId) !== flowId) padIds.forEach((padId) => taken.add(padId));
  }
  return taken;
}

export const flowIsMissing = (choice: TerminalChoice, flowId: number) => (choice[flowId] ?? []).length === 0;
