import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

export interface LineAddInput {
  factoryId: number;
  lineName: string;
  lineNum: string;
}

/** POST /api/line/add {factoryId, lineName, lineNum} (JSON, seed 000 §7). */
export function addLine(input: LineAddInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.lineAdd, input);
}

export function useAddLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
