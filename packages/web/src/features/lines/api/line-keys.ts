/** Query keys of the line pages; mutations invalidate `all` so every list of lines refetches. */
export interface LineListParams {
  factoryId: number;
  page: number;
  pageSize: number;
  status?: number;
  searchContext?: string;
}

export const lineKeys = {
  all: ['lines'] as const,
  lists: () => [...lineKeys.all, 'list'] as const,
  list: (params: LineListParams) => [...lineKeys.lists(), params] as const,
  factories: () => [...lineKeys.all, 'factories'] as const,
};
