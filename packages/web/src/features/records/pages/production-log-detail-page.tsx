import type { RecordDetail } from '@factory/contracts';
import { Card, Descriptions } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useRecordDetail } from '../api/get-record-detail';
import { RecordFlowTiles } from '../components/record-flow-tiles';
import { TestStatusTag } from '../components/record-status-tag';
import { RecordsHeader } from '../components/records-header';
import { idParam, RECORD_MENU, recordUrls, textParam } from '../record-view';
import './records-pages.css';

/** 生产记录详情 (seed 000 §2): one device and its flows as tiles; a tested tile opens its result. */
export function ProductionLogDetailPage() {
  const [searchParams] = useSearchParams();
  const taskId = idParam(searchParams, 'taskId');
  const code = textParam(searchParams, 'resultId');
  const backTo = taskId === null ? RECORD_MENU : recordUrls.log(taskId);
  return (
    <div className="records-page">
      <RecordsHeader title="生产记录详情" trail={['生产记录详情']} backTo={backTo} />
      {code === null ? (
        <MissingQuery title="未指定设备" hint="请从生产记录列表点击“详情”打开" backTo={backTo} backLabel="返回生产记录" />
      ) : (
        <DetailBody taskId={taskId} code={code} backTo={backTo} />
      )}
    </div>
  );
}

function DetailBody({ taskId, code, backTo }: { taskId: number | null; code: string; backTo: string }) {
  const navigate = useNavigate();
  const detail = useRecordDetail(code);
  useQueryError(detail.error);

  if (!detail.data) {
    if (detail.isError) {
      return (
        <LoadFailure
          error={detail.error}
          what="生产记录"
          backTo={backTo}
          backLabel="返回生产记录"
          onRetry={() => void detail.refetch()}
        />
      );
    }
    return <Loading />;
  }

  const record = detail.data;
  // The record knows its task; the address may have lost it.
  const task = taskId ?? record.taskId;
  return (
    <>
      <Card variant="borderless" size="small" title="设备信息">
        <DeviceSummary record={record} />
      </Card>
      <Card variant="borderless" size="small" title={`检测流程（${record.flows.length}）`}>
        <RecordFlowTiles
          flows={record.flows}
          onOpen={(flow) =>
            void navigate(
              recordUrls.flowDetail({ taskId: task, code: record.id, flowId: flow.id, testId: flow.runtimeTaskResultEntity.id }),
            )
          }
        />
      </Card>
    </>
  );
}

function DeviceSummary({ record }: { record: RecordDetail }) {
  const items = [
    { key: 'code', label: '生产码', children: record.id },
    { key: 'sn', label: 'SN', children: record.deviceSn || '—' },
    { key: 'mac', label: 'MAC', children: record.deviceMac || '—' },
    { key: 'imei', label: 'IMEI', children: record.deviceImei || '—' },
    { key: 'status', label: '检测状态', children: <TestStatusTag status={record.testStatus} /> },
    { key: 'line', label: '产线', children: record.productionLineCode || '—' },
    { key: 'model', label: '产品型号', children: record.productNumber },
    { key: 'type', label: '产品类型', children: record.productTypeName },
    { key: 'first', label: '首次检测', children: record.createTime },
    { key: 'last', label: '最近检测', children: record.lastTestTime },
  ];
  return <Descriptions size="small" column={3} items={items} />;
}
