import type { TaskStatus } from '@factory/contracts';

/** The filters of the task list as sent (seed 000 §7 task_getTasks). */
export interface TaskListParams {
  page: number;
  pageSize: number;
  productTypeId?: number;
  status?: TaskStatus;
  productNumberOrProductLineCode?: string;
}

/** Query keys of the task pages; a task action invalidates `all`, so the list and any open detail refetch. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: TaskListParams) => [...taskKeys.lists(), params] as const,
  detail: (id: number) => [...taskKeys.all, 'detail', id] as const,
  qrCodeUrls: (id: number) => [...taskKeys.all, 'qrCodeUrls', id] as const,
};
