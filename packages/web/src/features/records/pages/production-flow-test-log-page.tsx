import { RECORD_LIMITS, type FlowHistoryEntry, type FlowResultStatus } from '@factory/contracts';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListEmpty, MissingQuery } from '../../../components/page-result';
import { tablePagination, type Paging } from '../../../lib/paging';
import { useQueryError } from '../../../lib/use-query-error';
import { useFlowHistory } from '../api/get-flow-history';
import type { FlowHistoryQuery } from '../api/record-keys';
import { FlowResultTag } from '../components/record-status-tag';
import { RecordsHeader } from '../components/records-header';
import { decodeOnceMore, idParam, RECORD_MENU, recordUrls, textParam } from '../record-view';
import './records-pages.css';

const FIRST: Paging = { page: 1, pageSize: RECORD_LIMITS.historyDefaultPageSize };

/**
 * 流程检测历史 (seed 000 §2): every test of a device at one flow, newest first,
 * paged 5/10/15/20. The flow name came URI-encoded twice; the router undid one.
 */
export function ProductionFlowTestLogPage() {
  const [searchParams] = useSearchParams();
  const taskId = idParam(searchParams, 'taskId');
  const code = textParam(searchParams, 'resultId');
  const flowId = idParam(searchParams, 'flowId');
  const flowTopoId = idParam(searchParams, 'flowTopoId');
  const flowName = decodeOnceMore(searchParams.get('flowName') ?? '');

  const backTo =
    code === null
      ? taskId === null
        ? RECORD_MENU
        : recordUrls.log(taskId)
      : recordUrls.flowDetail({ taskId, code, flowId: flowId ?? flowTopoId });
  return (
    <div className="records-page">
      <RecordsHeader
        title={flowName ? `${flowName} · 检测历史` : '检测历史'}
        trail={['生产记录详情', '流程检测详情', '流程检测历史']}
        backTo={backTo}
      />
      {code === null || flowTopoId === null ? (
        <MissingQuery title="未指定流程" hint="请从流程检测详情点击历史次数打开" backTo={backTo} backLabel="返回上一级" />
      ) : (
        <HistoryTable taskId={taskId} code={code} flowId={flowId} flowTopoId={flowTopoId} />
      )}
    </div>
  );
}

interface HistoryTableProps {
  taskId: number | null;
  code: string;
  flowId: number | null;
  flowTopoId: number;
}

function HistoryTable({ taskId, code, flowId, flowTopoId }: HistoryTableProps) {
  const navigate = useNavigate();
  const [paging, setPaging] = useState<Paging>(FIRST);
  const query: FlowHistoryQuery = useMemo(
    () => ({ flowTopoId, deviceId: code, page: paging.page, pageSize: paging.pageSize }),
    [flowTopoId, code, paging],
  );
  const history = useFlowHistory(query);
  useQueryError(history.error);

  const columns: TableColumnsType<FlowHistoryEntry> = [
    { title: '检测时间', dataIndex: 'startTime', key: 'startTime' },
    { title: '检测人员', dataIndex: 'uname', key: 'uname' },
    {
      title: '检测结果',
      dataIndex: 'status',
      key: 'status',
      render: (status: FlowResultStatus) => <FlowResultTag status={status} />,
    },
    { title: '第几次', dataIndex: 'attempt', key: 'attempt', render: (attempt: number) => `第${attempt}次` },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_value, entry) => (
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(recordUrls.flowDetail({ taskId, code, flowId: flowId ?? flowTopoId, testId: entry.id }))}
        >
          详情
        </Button>
      ),
    },
  ];

  const empty = <ListEmpty failed={history.isError} what="检测历史" onRetry={() => void history.refetch()} />;

  return (
    <Card variant="borderless">
      <Table<FlowHistoryEntry>
        rowKey="id"
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isFetching}
        pagination={tablePagination(paging, history.data?.total ?? 0, setPaging, RECORD_LIMITS.historyPageSizes)}
        locale={{ emptyText: empty }}
      />
    </Card>
  );
}
