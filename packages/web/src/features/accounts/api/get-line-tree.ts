import { USER_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** Factories with their enabled lines, offered in the user panel. */
export const getLineTree = (signal?: AbortSignal) => apiCall(USER_ENDPOINTS.userLineTree, undefined, { signal });

export const lineTreeQuery = () => queryOptions({ queryKey: userKeys.lineTree(), queryFn: ({ signal }) => getLineTree(signal) });

export function useLineTree(enabled: boolean) {
  return useQuery({ ...lineTreeQuery(), enabled });
}
