import type { QueryIn, USER_ENDPOINTS } from '@factory/contracts';

/** The query of the user list, as the contract defines it (seed 000 §7: user_getList). */
export type UserListQuery = QueryIn<typeof USER_ENDPOINTS.userList>;

/** One key factory for the page's queries, so every mutation invalidates through it. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  lineTree: () => [...userKeys.all, 'lineTree'] as const,
  roleOptions: (accountId: number) => [...userKeys.all, 'roleOptions', accountId] as const,
};
