import type { DtuTask } from '@factory/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { ListEmpty } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useUrlListState } from '../../../lib/use-url-list-state';
import type { SamplingBatchQuery } from '../api/dtu-submission-keys';
import { useCheckConfig } from '../api/get-check-config';
import { useSamplingBatches } from '../api/get-sampling-batches';
import { CheckConfigCard } from '../components/check-config-card';
import { SamplingBatchTable } from '../components/sampling-batch-table';
import { TaskHeader } from '../components/task-header';
import { TaskPage } from '../components/task-page';
import type { SubmissionContext } from '../dtu-submission-view';
import './dtu-submission-pages.css';

const TITLE = '抽检任务';
const NO_FILTERS = {};

/**
 * 抽检任务 (/checkTask?taskId&dtuId&partsId&partsType&dtuNumber&taskType, seed 002 §2): the
 * task, its sampling configuration with 配置抽检任务 and 解绑终端, and its submitted batches
 * with each one's sampling progress and verdict; 查看 opens a batch's samples.
 */
export function CheckTaskPage() {
  return (
    <TaskPage title={TITLE} openedBy="抽检">
      {(task, context) => <Sampling task={task} context={context} />}
    </TaskPage>
  );
}

function Sampling({ task, context }: { task: DtuTask; context: SubmissionContext }) {
  const config = useCheckConfig(task.id);
  const { paging, pagination } = useUrlListState(NO_FILTERS);
  const query: SamplingBatchQuery = useMemo(() => ({ taskId: task.id, page: paging.page, pageSize: paging.pageSize }), [task.id, paging]);
  const batches = useSamplingBatches(query);
  useQueryError(config.error ?? batches.error);

  return (
    <>
      <TaskHeader task={task} />
      <CheckConfigCard taskId={task.id} config={config.data} failed={config.isError} onRetry={() => void config.refetch()} />
      <Card variant="borderless" size="small" title="抽检批次">
        <SamplingBatchTable
          batches={batches.data?.list ?? []}
          loading={batches.isLoading || batches.isPlaceholderData}
          paging={paging}
          pagination={pagination(batches.data?.total ?? 0)}
          context={{ ...context, taskType: task.reworkTask ? 'rework' : 'normal' }}
          empty={<ListEmpty failed={batches.isError} what="抽检批次" onRetry={() => void batches.refetch()} />}
        />
      </Card>
    </>
  );
}
