import type { DTU_SUBMISSION_ENDPOINTS, QueryIn } from '@factory/contracts';

export type SubmitRecordQuery = QueryIn<typeof DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordList>;
export type BatchUnitQuery = QueryIn<typeof DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordDetailList>;
export type SamplingBatchQuery = QueryIn<typeof DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupList>;

/**
 * Query keys of the submission, sampling and report pages. Everything of one task sits
 * under `task(id)`: binding or unbinding its sampling terminals invalidates that whole
 * branch (the configuration, the batches' plans, the terminals of the line).
 */
export const dtuSubmissionKeys = {
  all: ['dtu-submission'] as const,
  task: (taskId: number) => [...dtuSubmissionKeys.all, 'task', taskId] as const,
  taskDetail: (taskId: number) => [...dtuSubmissionKeys.task(taskId), 'detail'] as const,
  submitRecords: (query: SubmitRecordQuery) => [...dtuSubmissionKeys.task(Number(query.taskId)), 'submitRecords', query] as const,
  samplingBatches: (query: SamplingBatchQuery) => [...dtuSubmissionKeys.task(Number(query.taskId)), 'samplingBatches', query] as const,
  checkConfig: (taskId: number) => [...dtuSubmissionKeys.task(taskId), 'checkConfig'] as const,
  linePads: (taskId: number, lineId: number) => [...dtuSubmissionKeys.task(taskId), 'pads', lineId] as const,
  batchUnits: (query: BatchUnitQuery) => [...dtuSubmissionKeys.all, 'batchUnits', query] as const,
  report: (batchId: number) => [...dtuSubmissionKeys.all, 'report', batchId] as const,
  reportGprs: (batchId: number) => [...dtuSubmissionKeys.all, 'reportGprs', batchId] as const,
  lineOptions: () => [...dtuSubmissionKeys.all, 'lineOptions'] as const,
};
