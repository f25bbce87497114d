import type { SamplingBatch } from '@factory/contracts';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Paging } from '../../../lib/paging';
import { orDash, type SubmissionContext, submissionUrls } from '../dtu-submission-view';
import { SamplingVerdictTag } from './sampling-verdict-tag';

interface SamplingBatchTableProps {
  batches: SamplingBatch[];
  loading: boolean;
  paging: Paging;
  pagination: TablePaginationConfig;
  context: SubmissionContext;
  empty: ReactNode;
}

/**
 * 已抽检 of n, and beside it the batch's verdict (beyond the specification): Ac/Re of its
 * plan, the defects so far and 抽检中 / 合格 / 不合格.
 */
function CheckedCell({ batch }: { batch: SamplingBatch }) {
  const planned = batch.sampleSize !== null;
  return (
    <div className="sampling-batch__checked">
      <span className="sampling-batch__count">{planned ? `${batch.checkCount} / ${batch.sampleSize}` : batch.checkCount}</span>
      {batch.acceptNumber !== null && batch.rejectNumber !== null && (
        <span className="sampling-batch__plan">
          Ac {batch.acceptNumber} / Re {batch.rejectNumber}
        </span>
      )}
      <span className="sampling-batch__defects">不合格 {batch.defectCount}</span>
      <SamplingVerdictTag verdict={batch.verdict} />
    </div>
  );
}

/** The task's batches as sampling sees them (seed 002 §2 /checkTask); 查看 opens the batch's samples. */
export function SamplingBatchTable({ batches, loading, paging, pagination, context, empty }: SamplingBatchTableProps) {
  const columns: TableColumnsType<SamplingBatch> = [
    { title: '序号', key: 'index', width: 64, render: (_value, _batch, index) => (paging.page - 1) * paging.pageSize + index + 1 },
    { title: '批次', dataIndex: 'batchId', key: 'batchId', width: 110 },
    { title: '提交数量', dataIndex: 'submitNumber', key: 'submitNumber', width: 100 },
    { title: '已抽检', key: 'checkCount', render: (_value, batch) => <CheckedCell batch={batch} /> },
    { title: '提交时间', dataIndex: 'submitTime', key: 'submitTime', width: 170 },
    { title: '检验员', dataIndex: 'checkPerson', key: 'checkPerson', render: orDash },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_value, batch) => <Link to={submissionUrls.sampleWatch(context, batch.id)}>查看</Link>,
    },
  ];
  return (
    <Table<SamplingBatch>
      rowKey="id"
      columns={columns}
      dataSource={batches}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
    />
  );
}
