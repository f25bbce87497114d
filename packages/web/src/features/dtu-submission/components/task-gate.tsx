import type { DtuTask } from '@factory/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure, Loading } from '../../../components/page-result';

interface TaskGateProps {
  task: UseQueryResult<DtuTask>;
  back: { backTo: string; backLabel: string };
  children: (task: DtuTask) => ReactNode;
}

/** The page's body once its task is read; until then a spinner, or why it could not be. */
export function TaskGate({ task, back, children }: TaskGateProps) {
  if (task.data) return <>{children(task.data)}</>;
  if (task.isError) return <LoadFailure error={task.error} what="DTU任务" onRetry={() => void task.refetch()} {...back} />;
  return <Loading />;
}
