import { PATHS, type UserDetail } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/user/detail?id: the user, its short name and the lines it is tied to. */
export function getUserDetail(id: number, signal?: AbortSignal): Promise<UserDetail> {
  return apiGet<UserDetail>(PATHS.userDetail, { id }, { signal });
}

export const userDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUserDetail(id, signal),
  });

/** null: nothing to load (the panel adds a user). */
export function useUserDetail(id: number | null) {
  return useQuery({ ...userDetailQueryOptions(id ?? 0), enabled: id !== null });
}
