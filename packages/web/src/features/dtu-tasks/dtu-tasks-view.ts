import { dtuTaskListUrl, pageQuery, partsDetailUrl } from '../../lib/dtu-page-urls';
import { DTU_TASK_TRANSITIONS, type DtuTaskStatus, isDtuTaskStatusIn, MENUS } from '@factory/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The DTU task pages belong to 配件管理's menu (seed 002 §2). */
export const PARTS_MENU = MENUS.parts;

/** Tag colours of a DTU task's status: waiting blue, running green, paused orange, done grey. */
export const DTU_TASK_STATUS_COLORS: Record<DtuTaskStatus, string> = {
  UNSTART: 'blue',
  START: 'green',
  STOP: 'orange',
  FINISH: 'default',
};

export type DtuTaskAction = keyof typeof DTU_TASK_TRANSITIONS;
/** Whether a task in this status offers the action (seed 002 §4). */
export const offers = (action: DtuTaskAction, status: DtuTaskStatus) => isDtuTaskStatusIn(status, DTU_TASK_TRANSITIONS[action]);

/**
 * What the task list carries in its address (seed 002 §2): the part (absent for a
 * module's DTU, opened from /communicationDetail), the DTU, and its model's name.
 * Texts as they came, so the links pass them on unchanged.
 */
export interface DtuContext {
  dtuId: string;
  dtuNumber: string;
  partsId: string;
  partsType: string;
}

export function dtuContextOf(params: URLSearchParams): DtuContext {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  return { dtuId: text('dtuId'), dtuNumber: text('dtuNumber'), partsId: text('partsId'), partsType: text('partsType') };
}

/** A positive id written in the address; null when missing or malformed (a hand-typed or cut address). */
export function idOf(text: string): number | null {
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type TaskType = 'normal' | 'rework';
export const taskTypeOf = (rework: boolean): TaskType => (rework ? 'rework' : 'normal');

/** The pages the task list leads to, each with the parameters seed 002 §2 gives it, in its order. */
export const dtuTaskUrls = {
  parts: () => PARTS_MENU,
  partsDetail: (c: DtuContext) => partsDetailUrl(c),
  taskList: (c: DtuContext) => dtuTaskListUrl(c, false),
  rework: (c: DtuContext) => dtuTaskListUrl(c, true),
  /** the DTU's check log (a task's own with its id) */
  checkLog: (c: DtuContext, taskType: TaskType, taskId?: number) =>
    `/checkLog${pageQuery([
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['taskId', taskId ?? ''],
      ['dtuId', c.dtuId],
      ['dtuNumber', c.dtuNumber],
      ['taskType', taskType],
    ])}`,
  dataWatch: (c: DtuContext, taskType: TaskType, taskId: number) =>
    `/dtuTaskDataWatch${pageQuery([
      ['taskId', taskId],
      ['dtuNumber', c.dtuNumber],
      ['partsId', c.partsId],
      ['dtuId', c.dtuId],
      ['partsType', c.partsType],
      ['taskType', taskType],
    ])}`,
  /** 任务进度; from the MAC/IMEI search with the unit searched */
  watch: (c: DtuContext, taskType: TaskType, taskId: number, mac?: string) =>
    mac === undefined
      ? `/dtuTaskWatch${pageQuery([
          ['taskId', taskId],
          ['partsId', c.partsId],
          ['partsType', c.partsType],
          ['dtuNumber', c.dtuNumber],
          ['dtuId', c.dtuId],
          ['taskType', taskType],
          ['check', 'N'],
        ])}`
      : `/dtuTaskWatch${pageQuery([
          ['taskId', taskId],
          ['dtuId', c.dtuId],
          ['dtuNumber', c.dtuNumber],
          ['partsId', c.partsId],
          ['partsType', c.partsType],
          ['taskType', taskType],
          ['check', 'N'],
          ['mac', mac],
        ])}`,
  /** 抽检 (the sampling batches of a task) */
  checkTask: (c: DtuContext, taskType: TaskType, taskId: number) =>
    `/checkTask${pageQuery([
      ['taskId', taskId],
      ['dtuId', c.dtuId],
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['dtuNumber', c.dtuNumber],
      ['taskType', taskType],
    ])}`,
  submitRecord: (c: DtuContext, taskType: TaskType, taskId: number) =>
    `/submitRecord${pageQuery([
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['taskId', taskId],
      ['dtuId', c.dtuId],
      ['dtuNumber', c.dtuNumber],
      ['taskType', taskType],
    ])}`,
};

/** A level of the breadcrumb: its name, and where it leads (none for the page itself). */
export interface Crumb {
  name: string;
  to?: string;
}

/**
 * 生产中心 / 配件检测 / 配件管理 / 配件详情 / DTU任务 [/ 返工模式] (seed 002 §2). A
 * module's DTU, opened without its part, shows 配件详情 unlinked.
 */
export function dtuTaskTrail(c: DtuContext, rework: boolean): Crumb[] {
  const trail: Crumb[] = [
    { name: '生产中心' },
    { name: '配件检测' },
    { name: '配件管理', to: dtuTaskUrls.parts() },
    { name: '配件详情', to: c.partsId ? dtuTaskUrls.partsDetail(c) : undefined },
  ];
  return rework ? [...trail, { name: 'DTU任务', to: dtuTaskUrls.taskList(c) }, { name: '返工模式' }] : [...trail, { name: 'DTU任务' }];
}

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The picker offers nothing before yesterday (seed 002 §5). */
export const beforeYesterday = (date: Dayjs) => date.isBefore(dayjs().subtract(1, 'day'), 'day');

/** A day of a time text: 2026-03-20 23:59:59 → 2026-03-20; '-' for none. */
export const dayOf = (time: string | null) => (time ? time.slice(0, 10) : '-');
