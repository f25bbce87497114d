import type { DtuTask } from '@factory/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { ListEmpty } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useUrlListState } from '../../../lib/use-url-list-state';
import type { SubmitRecordQuery } from '../api/dtu-submission-keys';
import { useSubmitRecords } from '../api/get-submit-records';
import { SubmitCounters } from '../components/submit-counters';
import { SubmitRecordTable } from '../components/submit-record-table';
import { TaskHeader } from '../components/task-header';
import { TaskPage } from '../components/task-page';
import type { SubmissionContext } from '../dtu-submission-view';
import './dtu-submission-pages.css';

const TITLE = '提交记录';
const NO_FILTERS = {};

/**
 * 提交记录 (/submitRecord?partsId&partsType&taskId&dtuId&dtuNumber&taskType, seed 002 §2):
 * the task, its submit counters and its batches, paged 10/20/50 in the address.
 */
export function SubmitRecordPage() {
  return (
    <TaskPage title={TITLE} openedBy="提交记录">
      {(task, context) => <SubmitRecords task={task} context={context} />}
    </TaskPage>
  );
}

function SubmitRecords({ task, context }: { task: DtuTask; context: SubmissionContext }) {
  const { paging, pagination } = useUrlListState(NO_FILTERS);
  const query: SubmitRecordQuery = useMemo(() => ({ taskId: task.id, page: paging.page, pageSize: paging.pageSize }), [task.id, paging]);
  const records = useSubmitRecords(query);
  useQueryError(records.error);
  // the rows carry the task's list on (rework or not) as the task says
  const carried: SubmissionContext = { ...context, taskType: task.reworkTask ? 'rework' : 'normal' };

  return (
    <>
      <TaskHeader task={task} />
      <SubmitCounters page={records.data} />
      <Card variant="borderless" size="small" title="提交批次">
        <SubmitRecordTable
          records={records.data?.list ?? []}
          loading={records.isLoading || records.isPlaceholderData}
          paging={paging}
          pagination={pagination(records.data?.total ?? 0)}
          context={carried}
          empty={<ListEmpty failed={records.isError} what="提交记录" onRetry={() => void records.refetch()} />}
        />
      </Card>
    </>
  );
}
