import { LOG_MODULES, PATHS, type OperationLogModuleOption } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { operationLogKeys } from './operation-log-keys';

/** GET /api/operationLog/modules: the modules present in the log. */
export function getLogModules(signal?: AbortSignal): Promise<OperationLogModuleOption[]> {
  return apiGet<OperationLogModuleOption[]>(PATHS.operationLogModules, undefined, { signal });
}

export function logModulesQueryOptions() {
  return queryOptions({
    queryKey: operationLogKeys.modules(),
    queryFn: ({ signal }) => getLogModules(signal),
    staleTime: 60_000,
  });
}

/** Every module the API knows, offered until (or unless) the server names the ones in use. */
const KNOWN_MODULES: OperationLogModuleOption[] = Object.entries(LOG_MODULES).map(([module, moduleName]) => ({
  module,
  moduleName,
}));

export function useLogModules(): OperationLogModuleOption[] {
  const { data } = useQuery(logModulesQueryOptions());
  return data ?? KNOWN_MODULES;
}
