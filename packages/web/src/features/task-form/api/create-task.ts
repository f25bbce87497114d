import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/** Step 1 as sent: expireTime is a date, the server makes it the end of that day. */
export interface TaskBasicsInput {
  productTypeId: number;
  productId: number;
  /** the model the form showed; the server reads the real one from the product */
  productNumber: string;
  productionLineIds: number[];
  productionCount: number;
  /** YYYY-MM-DD */
  expireTime: string;
}

/** POST /api/task/createTask (JSON): the new task's id comes back in data (seed 000 §4). */
export function createTask(input: TaskBasicsInput): Promise<number> {
  return apiPost<number>(PATHS.taskCreate, input);
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskFormKeys.all }),
  });
}
