import { DTU_SUBMISSION_MSG as M, type SubmitRecord } from '@factory/contracts';
import { App, Button, Space, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { showApiError } from '../../../lib/api-client';
import type { Paging } from '../../../lib/paging';
import { useExportBatchUnits } from '../api/export-batch-units';
import { orDash, type SubmissionContext, submissionUrls } from '../dtu-submission-view';
import { SamplingVerdictTag } from './sampling-verdict-tag';

interface SubmitRecordTableProps {
  records: SubmitRecord[];
  loading: boolean;
  paging: Paging;
  pagination: TablePaginationConfig;
  context: SubmissionContext;
  empty: ReactNode;
}

/**
 * The task's batches (seed 002 §2 /submitRecord): 提交数量 opens the batch's units; 导出
 * downloads its device list after 提示; 检验报告 opens its report. 抽检判定 is ours.
 */
export function SubmitRecordTable({ records, loading, paging, pagination, context, empty }: SubmitRecordTableProps) {
  const { modal } = App.useApp();
  const exportUnits = useExportBatchUnits();

  const confirmExport = (record: SubmitRecord) =>
    modal.confirm({
      title: '提示',
      content: M.exportBatchConfirm,
      okText: '确定',
      cancelText: '取消',
      // the file is on its way once confirmed; a refusal says why
      onOk: () => exportUnits.mutateAsync(record.id).catch(showApiError),
    });

  const columns: TableColumnsType<SubmitRecord> = [
    { title: '序号', key: 'index', width: 64, render: (_value, _record, index) => (paging.page - 1) * paging.pageSize + index + 1 },
    { title: '批次', dataIndex: 'batchNo', key: 'batchNo', width: 110 },
    {
      title: '提交数量',
      dataIndex: 'submitNumber',
      key: 'submitNumber',
      width: 100,
      render: (count: number, record) => (
        <Link
          to={submissionUrls.submitRecordDetail(context, {
            batchId: record.id,
            batchNo: record.batchNo,
            submitTime: record.submitTime,
            submitName: record.uname ?? '',
          })}
          aria-label={`批次${record.batchNo}的设备`}
        >
          {count}
        </Link>
      ),
    },
    { title: '合格数', dataIndex: 'passNumber', key: 'passNumber', width: 90 },
    { title: '提交时间', dataIndex: 'submitTime', key: 'submitTime', width: 170 },
    { title: '检验员', dataIndex: 'uname', key: 'uname', render: orDash },
    {
      title: '抽检判定',
      dataIndex: 'verdict',
      key: 'verdict',
      width: 100,
      render: (verdict: SubmitRecord['verdict']) => <SamplingVerdictTag verdict={verdict} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_value, record) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => confirmExport(record)}>
            导出
          </Button>
          <Link to={submissionUrls.checkReport(context, record.id)}>检验报告</Link>
        </Space>
      ),
    },
  ];

  return (
    <Table<SubmitRecord>
      rowKey="id"
      columns={columns}
      dataSource={records}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
    />
  );
}
