import type { OperationLogRow } from '@factory/contracts';
import { Card, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { showApiError } from '../../../lib/api-client';
import type { Paging } from '../../../lib/paging';
import { useListState } from '../../../lib/use-list-state';
import { useLogModules } from '../api/get-log-modules';
import { useOperationLogs } from '../api/get-operation-logs';
import { OperationLogFilters, type LogFilterValues } from '../components/operation-log-filters';
import './operation-log-page.css';

function columns(paging: Paging): TableColumnsType<OperationLogRow> {
  return [
    {
      title: '序号',
      key: 'index',
      width: 70,
      render: (_value, _row, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '操作人', dataIndex: 'userName', width: 140, ellipsis: true },
    { title: '模块', dataIndex: 'moduleName', width: 100 },
    { title: '操作', dataIndex: 'action', width: 160, ellipsis: true },
    { title: '对象', dataIndex: 'targetId', width: 90, render: (targetId: string | null) => targetId ?? '-' },
    { title: '摘要', dataIndex: 'summary', ellipsis: { showTitle: true } },
    {
      title: '结果',
      dataIndex: 'success',
      width: 80,
      render: (success: boolean, row) => (
        <Tooltip title={`状态码 ${row.statusCode}`}>
          <Tag color={success ? 'success' : 'error'}>{success ? '成功' : '失败'}</Tag>
        </Tooltip>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '-' },
    { title: '时间', dataIndex: 'createTime', width: 170 },
  ];
}

/** 操作日志 (平台管理 / 系统管理): every mutating call, newest first, filtered by operator, module and date. */
export function OperationLogPage() {
  const { filters, filter, paging, pagination } = useListState<LogFilterValues>({});
  const logs = useOperationLogs({ ...filters, ...paging });
  const modules = useLogModules();

  useEffect(() => {
    if (logs.error) showApiError(logs.error);
  }, [logs.error]);

  const search = (next: LogFilterValues) => {
    // 查询 with the same filters on the first page still asks again: new entries may have come in.
    if (paging.page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void logs.refetch();
    // Every field is named (undefined when empty), so the change replaces the filters.
    filter(next);
  };

  return (
    <div className="operation-log-page">
      <PageHeader title="操作日志" breadcrumb={['平台管理', '系统管理', '操作日志']} />
      <Card>
        <OperationLogFilters modules={modules} onSearch={search} />
        <Table<OperationLogRow>
          rowKey="id"
          size="middle"
          columns={columns(paging)}
          dataSource={logs.data?.list ?? []}
          loading={logs.isFetching}
          pagination={pagination(logs.data?.total ?? 0)}
          scroll={{ x: 1100 }}
        />
      </Card>
    </div>
  );
}
