import { USER_ENDPOINTS } from '@factory/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** What new and reset users sign in with. */
export const getDefaultPassword = () => apiCall(USER_ENDPOINTS.userDefaultPassword);

export function defaultPasswordQuery() {
  return queryOptions({ queryKey: [...userKeys.all, 'defaultPassword'], queryFn: getDefaultPassword, staleTime: 5 * 60_000 });
}
