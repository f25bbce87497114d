import { USER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** The user, its short name and the lines it is tied to. */
export const getUserDetail = (id: number, signal?: AbortSignal) => apiCall(USER_ENDPOINTS.userDetail, { id }, { signal });

export const userDetailQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUserDetail(id, signal),
  });

/** null: nothing to load (the panel adds a user). */
export function useUserDetail(id: number | null) {
  return useQuery({ ...userDetailQuery(id ?? 0), enabled: id !== null });
}
