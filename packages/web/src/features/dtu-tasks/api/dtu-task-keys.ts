import type { DTU_TASK_ENDPOINTS, QueryIn } from '@factory/contracts';

/** The query of the task list, as the contract defines it. */
export type DtuTaskListQuery = QueryIn<typeof DTU_TASK_ENDPOINTS.dtuTaskList>;

/**
 * Query keys of the DTU task list and its panel. Every task change invalidates
 * `all`: the list, and the PADs a task holds (they free up or get taken).
 */
export const dtuTaskKeys = {
  all: ['dtuTasks'] as const,
  lists: () => [...dtuTaskKeys.all, 'list'] as const,
  list: (query: DtuTaskListQuery) => [...dtuTaskKeys.lists(), query] as const,
  pads: (lineId: number, taskId: number | undefined) => [...dtuTaskKeys.all, 'pads', lineId, taskId ?? null] as const,
  dtu: (dtuId: number) => ['dtuTaskDtu', dtuId] as const,
  lineOptions: () => ['dtuTaskLineOptions'] as const,
  downProps: () => ['dtuTaskDownProps'] as const,
};
