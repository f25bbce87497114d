import type { QueryIn, RECORDS_ENDPOINTS } from '@factory/contracts';

/** The filters of the records list as sent (seed 000 §7 productionRecord_list). */
export type RecordListQuery = QueryIn<typeof RECORDS_ENDPOINTS.recordList>;
/** The list's filters without its paging: the export writes every page. */
export type RecordExportQuery = QueryIn<typeof RECORDS_ENDPOINTS.recordExportList>;
/** The query of one device's results at one flow (seed 000 §7 flow_history_list). */
export type FlowHistoryQuery = QueryIn<typeof RECORDS_ENDPOINTS.flowHistoryList>;

/** Query keys of the records pages. */
export const recordKeys = {
  all: ['records'] as const,
  list: (query: RecordListQuery) => [...recordKeys.all, 'list', query] as const,
  /** the task of a list, for its flows */
  task: (taskId: number) => [...recordKeys.all, 'task', taskId] as const,
  detail: (code: string) => [...recordKeys.all, 'detail', code] as const,
  checkDetail: (resultId: number) => [...recordKeys.all, 'checkDetail', resultId] as const,
  history: (query: FlowHistoryQuery) => [...recordKeys.all, 'history', query] as const,
};
