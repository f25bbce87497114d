import type { Crumb } from '../../components/trail-page-header';
import { dtuTaskListUrl, pageQuery, partsDetailUrl } from '../../lib/dtu-page-urls';
import { MENUS, type SamplingVerdict } from '@factory/contracts';

/** The pages of issue 18 belong to 配件管理's menu (seed 002 §2), and open from 通信模块 too (route table). */
export const PARTS_MENU = MENUS.parts;

/** What an empty value shows. */
export const EMPTY = '-';
export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : String(value);

/** A positive id written in the address; null when missing or malformed (a hand-typed or cut address). */
export function idParam(params: URLSearchParams, key: string): number | null {
  const text = params.get(key)?.trim() ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The task list a page hangs under: the DTU's tasks or its rework tasks. */
export type TaskType = 'normal' | 'rework';

/**
 * What the submission and sampling pages hand each other in the address (seed 002 §2):
 * the part, the DTU and the task, as texts as they came. A module's DTU has no part;
 * its links leave those out.
 */
export interface SubmissionContext {
  taskId: string;
  partsId: string;
  partsType: string;
  dtuId: string;
  dtuNumber: string;
  taskType: TaskType;
}

export function submissionContextOf(params: URLSearchParams): SubmissionContext {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  return {
    taskId: text('taskId'),
    partsId: text('partsId'),
    partsType: text('partsType'),
    dtuId: text('dtuId'),
    dtuNumber: text('dtuNumber'),
    taskType: text('taskType') === 'rework' ? 'rework' : 'normal',
  };
}

/** Whether the task is a rework task: the task says so once read; until then the address's taskType. */
export const isRework = (context: SubmissionContext, task?: { reworkTask: boolean } | null) =>
  task ? task.reworkTask : context.taskType === 'rework';

/** The batch a detail page was opened for: what its header shows, carried in the address (seed 002 §2). */
export interface BatchHeading {
  batchId: number;
  batchNo: string;
  submitTime: string;
  /** the submitter */
  submitName: string;
}

/**
 * The submitter's name travels URI-encoded twice (seed 002 §2 submitName): once by us,
 * once by the query string. Read back once more; a hand-typed address encoded once
 * (a bare `%` does not decode) is taken as it reads.
 */
export const encodeSubmitName = (name: string) => encodeURIComponent(name);
export function decodeSubmitName(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Where the pages of issue 18 and their neighbours live (seed 002 §2), each with its parameters in the seed's order. */
export const submissionUrls = {
  parts: () => PARTS_MENU,
  partsDetail: (c: Pick<SubmissionContext, 'partsId' | 'partsType'>) => partsDetailUrl(c),
  /** the DTU's task list, or its rework list */
  taskList: (c: SubmissionContext, rework: boolean) => dtuTaskListUrl(c, rework),
  submitRecord: (c: SubmissionContext) =>
    `/submitRecord${pageQuery([
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['taskId', c.taskId],
      ['dtuId', c.dtuId],
      ['dtuNumber', c.dtuNumber],
      ['taskType', c.taskType],
    ])}`,
  /** a batch's units; taskType and batchNo are ours (the breadcrumb, the header) */
  submitRecordDetail: (c: SubmissionContext, batch: BatchHeading) =>
    `/submitRecordDetail${pageQuery([
      ['taskId', c.taskId],
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['dtuNumber', c.dtuNumber],
      ['dtuId', c.dtuId],
      ['batchId', batch.batchId],
      ['submitTime', batch.submitTime],
      ['submitName', encodeSubmitName(batch.submitName)],
      ['batchNo', batch.batchNo],
      ['taskType', c.taskType],
    ])}`,
  /** a unit's test (seed 002 §2: taskId, partsId, partsType, dtuNumber, dtuId, taskDetailId) */
  watchDetail: (c: SubmissionContext, taskDetailId: number) =>
    `/dtuTaskWatchDetail${pageQuery([
      ['taskId', c.taskId],
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['dtuNumber', c.dtuNumber],
      ['dtuId', c.dtuId],
      ['taskDetailId', taskDetailId],
      ['taskType', c.taskType],
      ['check', 'N'],
    ])}`,
  checkTask: (c: SubmissionContext) =>
    `/checkTask${pageQuery([
      ['taskId', c.taskId],
      ['dtuId', c.dtuId],
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['dtuNumber', c.dtuNumber],
      ['taskType', c.taskType],
    ])}`,
  /** a batch's samples: the progress page in sampling mode (seed 002 §2: check=Y) */
  sampleWatch: (c: SubmissionContext, batchId: number) =>
    `/dtuTaskWatch${pageQuery([
      ['taskId', c.taskId],
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['dtuNumber', c.dtuNumber],
      ['dtuId', c.dtuId],
      ['taskBatchId', batchId],
      ['taskType', 'check'],
      ['check', 'Y'],
    ])}`,
  checkReport: (c: SubmissionContext, batchId: number) =>
    `/checkReport${pageQuery([
      ['batchId', batchId],
      ['taskType', c.taskType],
      ['taskId', c.taskId],
      ['partsId', c.partsId],
      ['partsType', c.partsType],
      ['dtuNumber', c.dtuNumber],
      ['dtuId', c.dtuId],
    ])}`,
};


/**
 * The levels above the pages, as /checkLog's (seed 002 §2): 生产中心 / 配件检测 / 配件详情 /
 * DTU任务 or 返工模式 [/ 提交记录]. A module's DTU, opened without its part, shows 配件详情 unlinked.
 */
export function submissionTrail(c: SubmissionContext, rework: boolean, { underRecords = false } = {}): Crumb[] {
  const trail: Crumb[] = [
    { name: '生产中心' },
    { name: '配件检测', to: submissionUrls.parts() },
    { name: '配件详情', to: c.partsId ? submissionUrls.partsDetail(c) : undefined },
    { name: rework ? '返工模式' : 'DTU任务', to: submissionUrls.taskList(c, rework) },
  ];
  if (underRecords) trail.push({ name: '提交记录', to: submissionUrls.submitRecord(c) });
  return trail;
}

/** Tag colours of a batch's sampling verdict. */
export const VERDICT_COLORS: Record<SamplingVerdict, string> = { PENDING: 'processing', ACCEPT: 'success', REJECT: 'error' };

/** A verdict of one check: 合格 / 不合格. */
export const passText = (pass: boolean) => (pass ? '合格' : '不合格');
