import { MENUS, TASK_LIST_ACTIONS, type Task, type TaskStatus } from '@factory/contracts';
import dayjs from 'dayjs';

export const TASK_MENU = MENUS.productionCenter;

/** Tag colours of the task status: waiting in grey-blue, running green, paused orange, done grey. */
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  NEW: 'default',
  UNSTART: 'blue',
  START: 'green',
  STOP: 'orange',
  FINISH: 'default',
};

/** Flow status (seed 000 §4: 0 not started, 1 producing, 2 paused, 3 ended). */
export const FLOW_STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange', 3: 'default' };

export type TaskListAction = keyof typeof TASK_LIST_ACTIONS;

/** Whether the list offers an action for a task in this status (seed 000 §4); the button permission is checked apart. */
export function offers(action: TaskListAction, status: TaskStatus): boolean {
  return (TASK_LIST_ACTIONS[action] as readonly TaskStatus[]).includes(status);
}

/** The task id of a page's `?id=` (or another key); null when missing or not a positive integer. */
export function taskIdOf(params: URLSearchParams, key = 'id'): number | null {
  const text = params.get(key) ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The data board of a task. Model and line names go URI-encoded twice (seed 000 §2),
 * as the board decodes them once more after the router did.
 */
export function dataWatchUrl(task: Pick<Task, 'id' | 'number' | 'productionLineName'>): string {
  const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
  return `/dataWatch?id=${task.id}&productNumber=${twice(task.number)}&productionLineName=${twice(task.productionLineName)}`;
}

/** Editing a stopped task changes only its terminals, so it goes straight to step 2 (seed 000 §4). */
export function editUrl(task: Pick<Task, 'id' | 'status' | 'productLineIds'>): string {
  if (task.status === 'STOP') {
    return `/flowInfo?id=${task.id}&productionLineIds=${task.productLineIds.map((line) => line.id).join(',')}`;
  }
  return `/basicInfo?id=${task.id}`;
}

/** Past its expiry and not finished: the list shows the expiry in red with 已过期. */
export function isOverdue(task: Pick<Task, 'expireTime' | 'status'>, now: number = Date.now()): boolean {
  if (!task.expireTime || task.status === 'FINISH') return false;
  // YYYY-MM-DD HH:mm:ss, read in the browser's zone (the factory's, in practice)
  const expire = dayjs(task.expireTime);
  return expire.isValid() && expire.valueOf() < now;
}

/** Progress as a whole percentage, 0 with no total. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}
