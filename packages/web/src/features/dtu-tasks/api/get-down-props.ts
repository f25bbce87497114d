import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** What a task may deliver to its units (today only major&minor): a fixed list, read once. */
export const getDownProps = (signal?: AbortSignal) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskDownPropList, undefined, { signal });

export const downPropsQuery = () =>
  queryOptions({ queryKey: dtuTaskKeys.downProps(), queryFn: ({ signal }) => getDownProps(signal), staleTime: Infinity });

/** Read only for a DTU that can deliver data. */
export function useDownProps(enabled: boolean) {
  return useQuery({ ...downPropsQuery(), enabled });
}
