import { BOARD_LIMITS } from '@factory/contracts';

/** seed 000 §9: every call of the data board refreshes every 10 s. */
export const BOARD_REFRESH_MS = BOARD_LIMITS.boardRefreshSeconds * 1000;

/** Query keys of the data board; a live event invalidates `task(id)`, so every call of that board refetches. */
export const boardKeys = {
  all: ['board'] as const,
  task: (taskId: number) => [...boardKeys.all, taskId] as const,
  schedule: (taskId: number) => [...boardKeys.task(taskId), 'schedule'] as const,
  problemTotal: (taskId: number) => [...boardKeys.task(taskId), 'problemTotal'] as const,
  problemChart: (taskId: number) => [...boardKeys.task(taskId), 'problemChart'] as const,
  problemTop: (taskId: number) => [...boardKeys.task(taskId), 'problemTop'] as const,
  onePassTotal: (taskId: number) => [...boardKeys.task(taskId), 'onePassTotal'] as const,
  onePassDetail: (taskId: number) => [...boardKeys.task(taskId), 'onePassDetail'] as const,
};
