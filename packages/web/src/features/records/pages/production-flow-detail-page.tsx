import type { FlowCheckDetail } from '@factory/contracts';
import { Button, Card, Descriptions, Result, Table, type TableColumnsType } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useFlowCheckDetail } from '../api/get-flow-check-detail';
import { useRecordDetail } from '../api/get-record-detail';
import { CheckResultTag, FlowResultTag } from '../components/record-status-tag';
import { RecordsHeader } from '../components/records-header';
import { idParam, RECORD_MENU, recordUrls, textParam } from '../record-view';
import './records-pages.css';

type AutoRow = FlowCheckDetail['autoCheckResult']['checkResults'][number];
type ManualRow = FlowCheckDetail['manualCheckResult']['manualReportValues'][number];

interface Place {
  taskId: number | null;
  code: string;
  flowId: number | null;
}

/**
 * 流程检测详情 (seed 000 §2): one test of a device at a flow. testId names the test;
 * without it the page shows the flow's latest test, read from the record.
 */
export function ProductionFlowDetailPage() {
  const [searchParams] = useSearchParams();
  const taskId = idParam(searchParams, 'taskId');
  const code = textParam(searchParams, 'resultId');
  const flowId = idParam(searchParams, 'flowId');
  const testId = idParam(searchParams, 'testId');
  const backTo = code === null ? (taskId === null ? RECORD_MENU : recordUrls.log(taskId)) : recordUrls.logDetail(taskId, code);

  let body;
  if (code === null || (testId === null && flowId === null)) {
    body = <MissingQuery title="未指定检测" hint="请从生产记录详情点击流程打开" backTo={backTo} backLabel="返回上一级" />;
  } else if (testId !== null) {
    body = <CheckDetail place={{ taskId, code, flowId }} testId={testId} backTo={backTo} />;
  } else {
    body = <LatestCheckDetail place={{ taskId, code, flowId }} backTo={backTo} />;
  }
  return (
    <div className="records-page">
      <RecordsHeader title="流程检测详情" trail={['生产记录详情', '流程检测详情']} backTo={backTo} />
      {body}
    </div>
  );
}

/** Finds the flow's latest test on the record, then shows it. */
function LatestCheckDetail({ place, backTo }: { place: Place; backTo: string }) {
  const navigate = useNavigate();
  const record = useRecordDetail(place.code);
  useQueryError(record.error);
  if (!record.data) {
    if (record.isError) {
      return (
        <LoadFailure error={record.error} what="生产记录" backTo={backTo} backLabel="返回上一级" onRetry={() => void record.refetch()} />
      );
    }
    return <Loading />;
  }
  const flow = record.data.flows.find((each) => each.id === place.flowId);
  const latest = flow?.runtimeTaskResultEntity;
  if (!latest) {
    return (
      <Card variant="borderless">
        <Result
          status="info"
          title={flow ? `${flow.name}尚未检测` : '该流程不属于此设备的任务'}
          extra={
            <Button type="primary" onClick={() => void navigate(backTo)}>
              返回上一级
            </Button>
          }
        />
      </Card>
    );
  }
  return <CheckDetail place={place} testId={latest.id} backTo={backTo} />;
}

function CheckDetail({ place, testId, backTo }: { place: Place; testId: number; backTo: string }) {
  const navigate = useNavigate();
  const detail = useFlowCheckDetail(testId);
  useQueryError(detail.error);
  if (!detail.data) {
    if (detail.isError) {
      return (
        <LoadFailure error={detail.error} what="检测结果" backTo={backTo} backLabel="返回上一级" onRetry={() => void detail.refetch()} />
      );
    }
    return <Loading />;
  }

  const check = detail.data;
  const historyUrl = recordUrls.history({
    taskId: place.taskId ?? check.taskId,
    code: check.deviceId,
    flowId: place.flowId ?? check.flowTopoId,
    flowTopoId: check.flowTopoId,
    flowName: check.flowName,
  });
  const terminal = check.terminalName ? `${check.terminalName}${check.terminalCode ? `（${check.terminalCode}）` : ''}` : '—';
  const items = [
    { key: 'code', label: '生产码', children: check.deviceId },
    { key: 'flow', label: '流程', children: check.flowName },
    { key: 'uname', label: '检测人员', children: check.uname },
    { key: 'start', label: '开始时间', children: check.startTime },
    { key: 'end', label: '结束时间', children: check.endTime },
    { key: 'status', label: '检测结果', children: <FlowResultTag status={check.status} /> },
    { key: 'attempt', label: '检测轮次', children: `第${check.attempt}次` },
    { key: 'terminal', label: '检测终端', children: terminal },
    {
      key: 'history',
      label: '历史次数',
      children: (
        <Button type="link" size="small" className="records-page__history-link" onClick={() => void navigate(historyUrl)}>
          {check.historyCount}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Card variant="borderless" size="small" title={`${check.flowName} · 检测信息`}>
        <Descriptions size="small" column={3} items={items} />
      </Card>
      <Card variant="borderless" size="small" title={`自动检测（${check.autoCheckResult.checkResults.length}）`}>
        <Table<AutoRow>
          size="small"
          columns={AUTO_COLUMNS}
          dataSource={keyed(check.autoCheckResult.checkResults)}
          pagination={false}
          locale={{ emptyText: '该流程没有自动检测项' }}
        />
      </Card>
      <Card variant="borderless" size="small" title={`人工检测（${check.manualCheckResult.manualReportValues.length}）`}>
        <Table<ManualRow>
          size="small"
          columns={MANUAL_COLUMNS}
          dataSource={keyed(check.manualCheckResult.manualReportValues)}
          pagination={false}
          locale={{ emptyText: '该流程没有人工检测项' }}
        />
      </Card>
    </>
  );
}

/** Check rows carry no id; their order is fixed, so the position is their key. */
const keyed = <T extends object>(rows: readonly T[]) => rows.map((row, index) => ({ ...row, key: index }));

const AUTO_COLUMNS: TableColumnsType<AutoRow> = [
  { title: '属性', dataIndex: 'propertyName', key: 'propertyName' },
  { title: '标准值', dataIndex: 'normalValue', key: 'normalValue' },
  { title: '检测值', dataIndex: 'value', key: 'value', render: (value: string | null) => value ?? '—' },
  { title: '结果', dataIndex: 'result', key: 'result', width: 100, render: (result: number) => <CheckResultTag result={result} /> },
];

const MANUAL_COLUMNS: TableColumnsType<ManualRow> = [
  { title: '检测项', dataIndex: 'manualValue', key: 'manualValue' },
  { title: '结果', dataIndex: 'result', key: 'result', width: 100, render: (result: number) => <CheckResultTag result={result} /> },
];
