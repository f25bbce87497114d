import { PATHS } from '@factory/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/user/defaultPassword: what new and reset users sign in with. */
export function getDefaultPassword(): Promise<string> {
  return apiGet<string>(PATHS.userDefaultPassword);
}

export function defaultPasswordQuery() {
  return queryOptions({ queryKey: [...userKeys.all, 'defaultPassword'], queryFn: getDefaultPassword, staleTime: 5 * 60_000 });
}
