import { PATHS, type ProductionLine } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

export type LineChoice = Pick<ProductionLine, 'id' | 'lineName' | 'lineNum'>;

/** The enabled lines a PAD can be put on: GET /api/line/list?status=1&pageSize=0. */
export async function getLineOptions(signal?: AbortSignal): Promise<LineChoice[]> {
  const page = await apiGet<{ list: ProductionLine[] }>(PATHS.lineList, { status: 1, page: 1, pageSize: 0 }, { signal });
  return page.list.map(({ id, lineName, lineNum }) => ({ id, lineName, lineNum }));
}

export const lineOptionsQuery = () =>
  queryOptions({ queryKey: terminalKeys.lineOptions(), queryFn: ({ signal }) => getLineOptions(signal) });

export function useLineOptions(enabled = true) {
  return useQuery({ ...lineOptionsQuery(), enabled });
}
