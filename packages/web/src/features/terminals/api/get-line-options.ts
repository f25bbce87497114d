import { LINE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

/** The enabled lines a PAD can be put on: the line list with status=1, all on one page (pageSize 0). */
export async function getLineOptions(signal?: AbortSignal) {
  const page = await apiCall(LINE_ENDPOINTS.lineList, { status: 1, page: 1, pageSize: 0 }, { signal });
  return page.list.map(({ id, lineName, lineNum }) => ({ id, lineName, lineNum }));
}

export const lineOptionsQuery = () =>
  queryOptions({ queryKey: terminalKeys.lineOptions(), queryFn: ({ signal }) => getLineOptions(signal) });

export function useLineOptions(enabled = true) {
  return useQuery({ ...lineOptionsQuery(), enabled });
}
