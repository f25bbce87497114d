import { type Answer, LOG_MODULES, OPERATION_LOG_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { operationLogKeys } from './operation-log-keys';

const MODULES = OPERATION_LOG_ENDPOINTS.operationLogModules;

/** The modules present in the log. */
export const getLogModules = (signal?: AbortSignal) => apiCall(MODULES, undefined, { signal });

export const logModulesQuery = () =>
  queryOptions({
    queryKey: operationLogKeys.modules(),
    queryFn: ({ signal }) => getLogModules(signal),
    staleTime: 60_000,
  });

/** Every module the API knows, offered until (or unless) the server names the ones in use. */
const KNOWN_MODULES: Answer<typeof MODULES> = Object.entries(LOG_MODULES).map(([module, moduleName]) => ({
  module,
  moduleName,
}));

export function useLogModules(): Answer<typeof MODULES> {
  const { data } = useQuery(logModulesQuery());
  return data ?? KNOWN_MODULES;
}
