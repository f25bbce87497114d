import type { QueryIn, TASK_ENDPOINTS } from '@factory/contracts';

/** The query of the task list, as the contract defines it. */
export type TaskListQuery = QueryIn<typeof TASK_ENDPOINTS.taskList>;

/** Query keys of the task pages; a task action invalidates `all`, so the list and any open detail refetch. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (query: TaskListQuery) => [...taskKeys.lists(), query] as const,
  detail: (id: number) => [...taskKeys.all, 'detail', id] as const,
  qrCodes: (id: number) => [...taskKeys.all, 'qrCodes', id] as const,
};
