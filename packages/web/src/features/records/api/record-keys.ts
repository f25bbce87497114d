import type { TestStatus } from '@factory/contracts';

/** The filters of the records list as sent (seed 000 §7 productionRecord_list). */
export interface RecordListParams {
  taskId: number;
  page: number;
  pageSize: number;
  testStatus?: TestStatus;
  fromTime?: string;
  toTime?: string;
  searchText?: string;
}

/** The query of one device's results at one flow (seed 000 §7 flow_history_list). */
export interface FlowHistoryParams {
  flowTopoId: number;
  /** the production code */
  deviceId: string;
  page: number;
  pageSize: number;
}

/** Query keys of the records pages. */
export const recordKeys = {
  all: ['records'] as const,
  list: (params: RecordListParams) => [...recordKeys.all, 'list', params] as const,
  /** the task of a list, for its flows */
  task: (taskId: number) => [...recordKeys.all, 'task', taskId] as const,
  detail: (code: string) => [...recordKeys.all, 'detail', code] as const,
  checkDetail: (resultId: number) => [...recordKeys.all, 'checkDetail', resultId] as const,
  history: (params: FlowHistoryParams) => [...recordKeys.all, 'history', params] as const,
};
