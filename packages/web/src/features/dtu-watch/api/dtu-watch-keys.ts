import type { DTU_SUBMISSION_ENDPOINTS, DTU_TASK_ENDPOINTS, QueryIn } from '@factory/contracts';

/** The query of a task's device tests, as the contract defines it. */
export type DeviceTestListQuery = QueryIn<typeof DTU_TASK_ENDPOINTS.dtuTaskCheckinfoList>;
/** The query of a sampled batch's samples (sampling mode, check=Y). */
export type SampleTestListQuery = QueryIn<typeof DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupCheckList>;
/** The check log's filters (without the slice it starts below). */
export type CheckHistoryFilter = Omit<QueryIn<typeof DTU_TASK_ENDPOINTS.dtuTaskCheckHistoryList>, 'beforeId' | 'page' | 'pageSize'>;

/**
 * Query keys of the task progress pages, the DTU board and the check log. Deleting a
 * device test (or a sample) invalidates `task(id)`: its list and the task's counters move together.
 */
export const dtuWatchKeys = {
  all: ['dtu-watch'] as const,
  task: (taskId: number) => [...dtuWatchKeys.all, 'task', taskId] as const,
  taskDetail: (taskId: number) => [...dtuWatchKeys.task(taskId), 'detail'] as const,
  deviceTests: (query: DeviceTestListQuery) => [...dtuWatchKeys.task(Number(query.taskId)), 'tests', query] as const,
  deviceTest: (id: number) => [...dtuWatchKeys.all, 'test', id] as const,
  /** a batch's samples sit under their task: deleting one reloads the task with them */
  sampleTests: (taskId: number, query: SampleTestListQuery) => [...dtuWatchKeys.task(taskId), 'samples', query] as const,
  sampleTest: (id: number) => [...dtuWatchKeys.all, 'sample', id] as const,
  board: (taskId: number) => [...dtuWatchKeys.all, 'board', taskId] as const,
  boardTask: (taskId: number) => [...dtuWatchKeys.board(taskId), 'task'] as const,
  watchCount: (taskId: number) => [...dtuWatchKeys.board(taskId), 'count'] as const,
  checkHistory: (filter: CheckHistoryFilter) => [...dtuWatchKeys.all, 'checkHistory', filter] as const,
};
