import { USER_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys, type UserListQuery } from './user-keys';

/** The server scopes the list to the signed-in account's users. */
export const getUsers = ({ page, pageSize, userName, status }: UserListQuery, signal?: AbortSignal) =>
  apiCall(USER_ENDPOINTS.userList, { page, pageSize, userName, status }, { signal });

export const usersQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListQuery) {
  return useQuery(usersQuery(query));
}
