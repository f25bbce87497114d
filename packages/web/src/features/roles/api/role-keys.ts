/** What the role list is asked for (seed 000 §7: role_getList). */
export interface RoleListParams {
  page: number;
  pageSize: number;
  roleName?: string;
  status?: number;
}

/** One key factory for the page's queries, so every mutation invalidates through it. */
export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (params: RoleListParams) => [...roleKeys.lists(), params] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  menuTree: () => [...roleKeys.all, 'menuTree'] as const,
};
