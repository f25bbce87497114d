import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { LineAddInput } from './add-line';
import { lineKeys } from './line-keys';

export interface LineEditInput extends LineAddInput {
  id: number;
}

/** POST /api/line/edit {id, factoryId, lineName, lineNum} (JSON, seed 000 §7). */
export function editLine(input: LineEditInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.lineEdit, input);
}

export function useEditLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
