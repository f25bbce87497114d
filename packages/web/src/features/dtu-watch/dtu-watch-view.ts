import type { Crumb } from '../../components/trail-page-header';
import { dtuTaskListUrl, pageQuery, partsDetailUrl } from '../../lib/dtu-page-urls';
import { MENUS } from '@factory/contracts';

/** The DTU task pages belong to 配件管理's menu (seed 002 §2). */
export const PARTS_MENU = MENUS.parts;

/** What an empty value shows. */
export const EMPTY = '-';
export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : String(value);

/** A positive id written in the address; null when missing or malformed (a hand-typed or cut address). */
export function idParam(params: URLSearchParams, key: string): number | null {
  const text = params.get(key) ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Which list a task page was opened from: the DTU's tasks, its rework tasks, or a sampling task (seed 002 §2). */
export type TaskType = 'normal' | 'rework' | 'check';

/**
 * What the DTU task pages hand each other in the address (seed 002 §2): the part,
 * the DTU and the task. Texts as they came: a module's DTU has no part, and its
 * links simply leave those out.
 */
export interface TaskContext {
  taskId: string;
  partsId: string;
  partsType: string;
  dtuId: string;
  dtuNumber: string;
  taskBatchId: string;
  taskType: TaskType;
  /** sampling mode (check=Y): the list offers no submit-status filter */
  check: boolean;
}

export function taskContextOf(params: URLSearchParams): TaskContext {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const taskType = text('taskType');
  return {
    taskId: text('taskId'),
    partsId: text('partsId'),
    partsType: text('partsType'),
    dtuId: text('dtuId'),
    dtuNumber: text('dtuNumber'),
    taskBatchId: text('taskBatchId'),
    taskType: taskType === 'rework' || taskType === 'check' ? taskType : 'normal',
    check: text('check').toUpperCase() === 'Y',
  };
}

/** The sampled batch the page shows (check=Y with taskBatchId), or null outside sampling mode. */
export function samplingBatchOf(context: TaskContext): number | null {
  if (!context.check) return null;
  const id = Number(context.taskBatchId);
  return /^\d+$/.test(context.taskBatchId) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The parameters every task page carries on to the next (seed 002 §2 dtuTaskWatch). */
const carried = (context: TaskContext) =>
  [
    ['taskId', context.taskId],
    ['partsId', context.partsId],
    ['partsType', context.partsType],
    ['dtuNumber', context.dtuNumber],
    ['dtuId', context.dtuId],
    ['taskBatchId', context.taskBatchId],
    ['taskType', context.taskType],
    ['check', context.check ? 'Y' : 'N'],
  ] as const;

/** Where the pages around the DTU tasks live (seed 002 §2). */
export const dtuWatchUrls = {
  parts: () => PARTS_MENU,
  partsDetail: (context: Pick<TaskContext, 'partsId' | 'partsType'>) => partsDetailUrl(context),
  /** the DTU's task list, or its rework list */
  taskList: (context: TaskContext, rework: boolean) => dtuTaskListUrl(context, rework),
  /** the sampling batches of a task (seed 002 §2 checkTask) */
  checkTask: (context: TaskContext, rework: boolean) =>
    `/checkTask${pageQuery([
      ['taskId', context.taskId],
      ['dtuId', context.dtuId],
      ['partsId', context.partsId],
      ['partsType', context.partsType],
      ['dtuNumber', context.dtuNumber],
      ['taskType', rework ? 'rework' : 'normal'],
    ])}`,
  watch: (context: TaskContext) => `/dtuTaskWatch${pageQuery(carried(context))}`,
  watchDetail: (context: TaskContext, taskDetailId: number) =>
    `/dtuTaskWatchDetail${pageQuery([['taskDetailId', taskDetailId], ...carried(context)])}`,
};


/**
 * The levels above a task page (seed 002 §2 checkLog): 生产中心 / 配件检测 / 配件详情 /
 * DTU任务 or 返工模式 [/ 抽检任务]. A module's DTU, opened without its part, shows 配件详情 unlinked.
 */
export function taskTrail(context: TaskContext, rework: boolean): Crumb[] {
  const trail: Crumb[] = [
    { name: '生产中心' },
    { name: '配件检测', to: dtuWatchUrls.parts() },
    { name: '配件详情', to: context.partsId ? dtuWatchUrls.partsDetail(context) : undefined },
    { name: rework ? '返工模式' : 'DTU任务', to: dtuWatchUrls.taskList(context, rework) },
  ];
  if (context.check) trail.push({ name: '抽检任务', to: dtuWatchUrls.checkTask(context, rework) });
  return trail;
}

/**
 * Whether the task is a rework task: the task itself says so once read; until then
 * (and for a sampling task's address, taskType=check) the address's taskType.
 */
export const isRework = (context: TaskContext, task?: { reworkTask: boolean }) =>
  task ? task.reworkTask : context.taskType === 'rework';

/** A test's duration in seconds as 时/分/秒: 65 → 1分5秒. */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return EMPTY;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}小时${minutes}分${rest}秒`;
  if (minutes > 0) return `${minutes}分${rest}秒`;
  return `${rest}秒`;
}

/** The task page's progress: finished of total as a whole percentage (seed 002 §9), never 100 before the last unit. */
export function wholePercent(finished: number, total: number): number {
  if (total <= 0 || finished <= 0) return 0;
  if (finished >= total) return 100;
  return Math.min(99, Math.round((finished * 100) / total));
}

/** A day of a time text: 2026-03-20 23:59:59 → 2026-03-20. */
export const dayOfTime = (time: string | null) => (time ? time.slice(0, 10) : EMPTY);
