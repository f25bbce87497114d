import { TASK_STATUS_NAMES, type DeviceTrace, type TaskStatus } from '@factory/contracts';
import { Button, Card, Collapse, Descriptions, Empty, Table, Tag, Timeline, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { taskNumberText } from '../../../components/task-number';
import './device-trace-card.css';

type TraceResult = DeviceTrace['results'][number];
type TraceItem = TraceResult['items'][number];
type TraceManual = TraceResult['manual'][number];

const TEST_STATUS: Record<string, { name: string; color: string }> = {
  PASS: { name: '合格', color: 'success' },
  NOT_PASS: { name: '不合格', color: 'error' },
};
const RESULT_STATUS: Record<string, { name: string; color: string; dot: string }> = {
  TEST_SUCCESS: { name: '合格', color: 'success', dot: 'green' },
  TEST_ERROR: { name: '不合格', color: 'error', dot: 'red' },
};

const passTag = (pass: boolean) => <Tag color={pass ? 'success' : 'error'}>{pass ? '合格' : '不合格'}</Tag>;

/** One traced device: who and where it is, then every result of its life as a timeline. */
export function DeviceTraceCard({ device }: { device: DeviceTrace }) {
  const navigate = useNavigate();
  const status = device.testStatus ? TEST_STATUS[device.testStatus] : undefined;
  const taskStatus = TASK_STATUS_NAMES[device.taskStatus as TaskStatus] ?? device.taskStatus;
  const items = [
    { key: 'sn', label: 'SN', children: device.sn || '—' },
    { key: 'mac', label: 'MAC', children: device.mac || '—' },
    { key: 'imei', label: 'IMEI', children: device.imei || '—' },
    {
      key: 'status',
      label: '检测状态',
      children: status ? <Tag color={status.color}>{status.name}</Tag> : <Tag color="processing">检测中</Tag>,
    },
    { key: 'task', label: '任务', children: `${taskNumberText(device.taskId)}（${taskStatus}）` },
    { key: 'product', label: '产品', children: `${device.productTypeName} / ${device.productNumber}` },
    { key: 'line', label: '产线', children: device.productionLineCode || '—' },
    { key: 'first', label: '首次检测', children: device.firstTestTime ?? '—' },
    { key: 'last', label: '最近检测', children: device.lastTestTime ?? '—' },
  ];
  const openRecord = () =>
    void navigate(`/productionLogDetail?taskId=${device.taskId}&resultId=${encodeURIComponent(device.code)}`);

  return (
    <Card
      className="device-trace-card"
      variant="borderless"
      title={<span className="device-trace-card__code">{device.code}</span>}
      extra={
        <Button type="link" onClick={openRecord}>
          生产记录详情
        </Button>
      }
      aria-label={`设备 ${device.code}`}
      role="region"
    >
      <Descriptions size="small" column={3} items={items} />
      <div className="device-trace-card__timeline-title">检测经历（{device.results.length}）</div>
      {device.results.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该设备尚无检测结果" />
      ) : (
        <Timeline
          items={device.results.map((result) => ({
            key: result.id,
            color: RESULT_STATUS[result.status]?.dot ?? 'gray',
            content: <ResultEntry result={result} />,
          }))}
        />
      )}
    </Card>
  );
}

function ResultEntry({ result }: { result: TraceResult }) {
  const status = RESULT_STATUS[result.status];
  const terminal = result.terminalName
    ? `${result.terminalName}${result.terminalCode ? `（${result.terminalCode}）` : ''}`
    : (result.terminalCode ?? '—');
  const summary = (
    <div className="device-trace-card__entry" aria-label={`${result.flowName} 第${result.attempt}次`}>
      <span className="device-trace-card__flow">{result.flowName}</span>
      <span className="device-trace-card__attempt">第{result.attempt}次</span>
      {status && <Tag color={status.color}>{status.name}</Tag>}
      <span className="device-trace-card__meta">{result.startTime}</span>
      <span className="device-trace-card__meta">检测人员 {result.uname}</span>
      <span className="device-trace-card__meta">终端 {terminal}</span>
    </div>
  );
  return (
    <Collapse
      ghost
      size="small"
      items={[{ key: 'checks', label: summary, children: <ResultChecks result={result} /> }]}
    />
  );
}

const ITEM_COLUMNS: TableColumnsType<TraceItem & { key: number }> = [
  { title: '检测项', dataIndex: 'name', key: 'name' },
  { title: '检测值', dataIndex: 'value', key: 'value', render: (value: string | null) => value ?? '—' },
  { title: '标准值', dataIndex: 'standard', key: 'standard' },
  { title: '结果', dataIndex: 'result', key: 'result', width: 90, render: (result: number) => passTag(result === 1) },
];

const MANUAL_COLUMNS: TableColumnsType<TraceManual & { key: number }> = [
  { title: '人工检测项', dataIndex: 'name', key: 'name' },
  { title: '结果', dataIndex: 'pass', key: 'pass', width: 90, render: passTag },
];

function ResultChecks({ result }: { result: TraceResult }) {
  return (
    <div className="device-trace-card__checks">
      <div className="device-trace-card__time">
        {result.startTime} ~ {result.endTime}
      </div>
      <Table
        size="small"
        pagination={false}
        columns={ITEM_COLUMNS}
        dataSource={result.items.map((item, index) => ({ ...item, key: index }))}
        locale={{ emptyText: '无自动检测项' }}
      />
      <Table
        size="small"
        pagination={false}
        columns={MANUAL_COLUMNS}
        dataSource={result.manual.map((item, index) => ({ ...item, key: index }))}
        locale={{ emptyText: '无人工检测项' }}
      />
    </div>
  );
}
