/** What the user list is asked for (seed 000 §7: user_getList). */
export interface UserListParams {
  page: number;
  pageSize: number;
  userName?: string;
  status?: number;
}

/** One key factory for the page's queries, so every mutation invalidates through it. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  lineTree: () => [...userKeys.all, 'lineTree'] as const,
  roleOptions: (accountId: number) => [...userKeys.all, 'roleOptions', accountId] as const,
};
