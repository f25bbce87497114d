import type { QueryIn, ROLE_ENDPOINTS } from '@factory/contracts';

/** The query of the role list, as the contract defines it (seed 000 §7: role_getList). */
export type RoleListQuery = QueryIn<typeof ROLE_ENDPOINTS.roleList>;

/** One key factory for the page's queries, so every mutation invalidates through it. */
export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: RoleListQuery) => [...roleKeys.lists(), query] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  menuTree: () => [...roleKeys.all, 'menuTree'] as const,
};
