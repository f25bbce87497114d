import { PATHS, type LineTree } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/user/lineTree: factories with their enabled lines, offered in the user panel. */
export function getLineTree(signal?: AbortSignal): Promise<LineTree> {
  return apiGet<LineTree>(PATHS.userLineTree, undefined, { signal });
}

export const lineTreeQueryOptions = () =>
  queryOptions({ queryKey: userKeys.lineTree(), queryFn: ({ signal }) => getLineTree(signal) });

export function useLineTree(enabled: boolean) {
  return useQuery({ ...lineTreeQueryOptions(), enabled });
}
