import { PATHS, type UserRow } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { userKeys, type UserListParams } from './user-keys';

export interface UserPage {
  list: UserRow[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/user/getList: the server scopes the list to the signed-in account's users. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  return apiGet<UserPage>(
    PATHS.userList,
    { page: params.page, pageSize: params.pageSize, userName: params.userName, status: params.status },
    { signal },
  );
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
