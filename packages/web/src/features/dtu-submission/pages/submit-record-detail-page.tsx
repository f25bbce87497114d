import { DTU_TASK_LIMITS, type DtuTask, unitIdentityOf } from '@factory/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListEmpty, MissingQuery } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { useQueryError } from '../../../lib/use-query-error';
import { useUrlListState } from '../../../lib/use-url-list-state';
import type { BatchUnitQuery } from '../api/dtu-submission-keys';
import { useBatchUnits } from '../api/get-batch-units';
import { useDtuTask } from '../api/get-dtu-task';
import { BatchUnitTable } from '../components/batch-unit-table';
import { TrailPageHeader } from '../../../components/trail-page-header';
import { TaskGate } from '../components/task-gate';
import { TaskHeader } from '../components/task-header';
import {
  decodeSubmitName,
  idParam,
  isRework,
  orDash,
  type SubmissionContext,
  submissionContextOf,
  submissionTrail,
  submissionUrls,
} from '../dtu-submission-view';
import './dtu-submission-pages.css';

const TITLE = '提交记录详情';
const NO_FILTERS = { mac: '' };

/**
 * 提交记录详情 (/submitRecordDetail?taskId&partsId&partsType&dtuNumber&dtuId&batchId&submitTime&submitName,
 * seed 002 §2): the task with the batch's submit time and submitter, and the batch's units,
 * searched by IMEI/MAC on Enter.
 */
export function SubmitRecordDetailPage() {
  const [params] = useSearchParams();
  const context = submissionContextOf(params);
  const taskId = idParam(params, 'taskId');
  const batchId = idParam(params, 'batchId');
  const task = useDtuTask(taskId);
  useQueryError(task.error);
  const rework = isRework(context, task.data);
  const back = { backTo: submissionUrls.submitRecord(context), backLabel: '返回提交记录' };
  const heading = {
    batchNo: params.get('batchNo') ?? '',
    submitTime: params.get('submitTime') ?? '',
    submitName: decodeSubmitName(params.get('submitName') ?? ''),
  };

  return (
    <div className="dtu-submission-page">
      <TrailPageHeader title={TITLE} trail={submissionTrail(context, rework, { underRecords: true })} backTo={back.backTo} />
      {taskId === null || batchId === null ? (
        <MissingQuery title="未指定提交批次" hint="请从提交记录点击批次的提交数量打开" {...back} />
      ) : (
        <TaskGate task={task} back={back}>
          {(read) => (
            <>
              <TaskHeader
                task={read}
                more={[
                  ...(heading.batchNo ? [{ key: 'batchNo', label: '批次', children: heading.batchNo }] : []),
                  { key: 'submitTime', label: '提交时间', children: orDash(heading.submitTime) },
                  { key: 'submitName', label: '提交人', children: orDash(heading.submitName) },
                ]}
              />
              <BatchUnits task={read} batchId={batchId} context={{ ...context, taskId: String(read.id) }} />
            </>
          )}
        </TaskGate>
      )}
    </div>
  );
}

function BatchUnits({ task, batchId, context }: { task: DtuTask; batchId: number; context: SubmissionContext }) {
  const { filters, filter, draft, setDraft, paging, pagination } = useUrlListState(NO_FILTERS, 'mac');
  const query: BatchUnitQuery = useMemo(
    () => ({ batchId, mac: filters.mac || undefined, page: paging.page, pageSize: paging.pageSize }),
    [batchId, filters.mac, paging],
  );
  const units = useBatchUnits(query);
  useQueryError(units.error);
  // IMEI for 2.4G and THREE_2_ONE, MAC for WIFI (seed 002 §2); the other types as the rest of the console names them
  const identity = unitIdentityOf(task.communicationType);

  return (
    <Card variant="borderless" size="small" title="批次设备">
      <div className="dtu-submission-filters">
        <SearchQuery
          label={identity}
          className="dtu-submission-filters__search"
          maxLength={DTU_TASK_LIMITS.unitMax}
          draft={draft}
          onDraftChange={setDraft}
          searched={filters.mac}
          onSearch={(mac) => filter({ mac })}
        />
      </div>
      <BatchUnitTable
        units={units.data?.list ?? []}
        identity={identity}
        loading={units.isLoading || units.isPlaceholderData}
        paging={paging}
        pagination={pagination(units.data?.total ?? 0)}
        context={{ ...context, taskType: task.reworkTask ? 'rework' : 'normal' }}
        empty={<ListEmpty failed={units.isError} what="批次设备" onRetry={() => void units.refetch()} />}
      />
    </Card>
  );
}
