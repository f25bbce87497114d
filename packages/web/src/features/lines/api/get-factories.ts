import { PATHS, type Factory } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

interface FactoryPage {
  list: Factory[];
  total: number;
}

/** GET /api/factory/list?pageSize=0: every factory of the account with its lines (seed 000 §7). */
export async function getFactories(signal?: AbortSignal): Promise<Factory[]> {
  const page = await apiGet<FactoryPage>(PATHS.factoryList, { page: 1, pageSize: 0 }, { signal });
  return page.list;
}

export const factoriesQuery = () =>
  queryOptions({ queryKey: lineKeys.factories(), queryFn: ({ signal }) => getFactories(signal) });

export function useFactories() {
  return useQuery(factoriesQuery());
}
