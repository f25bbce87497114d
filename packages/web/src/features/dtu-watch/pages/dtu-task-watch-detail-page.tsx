import { BLUETOOTH, type DtuTask, type DtuTestDetail, type SampleOtherResult, unitIdentityOf } from '@factory/contracts';
import { Card, Descriptions, Table, type TableColumnsType, Tag } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useDeviceTest } from '../api/get-device-test';
import { useDtuTask } from '../api/get-dtu-task';
import { useSampleTest } from '../api/get-sample-test';
import { TrailPageHeader } from '../../../components/trail-page-header';
import { ItemResultTag, ManageStatusTag, TestResultTag } from '../components/test-result-tag';
import {
  durationText,
  dtuWatchUrls,
  idParam,
  isRework,
  orDash,
  samplingBatchOf,
  type TaskContext,
  taskContextOf,
  taskTrail,
} from '../dtu-watch-view';
import './dtu-watch-pages.css';

const TITLE = '设备检测详情';

type ButtonItem = DtuTestDetail['buttonPropList'][number];
type SerialItem = DtuTestDetail['serialPropList'][number];
type AutoItem = DtuTestDetail['autoPropList'][number];

/** A unit's test; a sample's comes with the other properties judged on it. */
type UnitTest = DtuTestDetail & { otherResults?: SampleOtherResult[] };

/** Where 返回 goes: the list as it was left when opened from it, else the task's progress page. */
function useBackTo(context: TaskContext): string {
  const state = useLocation().state as { back?: unknown } | null;
  if (typeof state?.back === 'string' && state.back.startsWith('/dtuTaskWatch?')) return state.back;
  return dtuWatchUrls.watch(context);
}

/**
 * 设备检测详情 (/dtuTaskWatchDetail?taskDetailId&…, seed 002 §2): one unit's test by section.
 * In sampling mode (check=Y with taskBatchId) the unit is a sample: its test as a
 * production unit's, and the other checks judged on it (其他检测).
 */
export function DtuTaskWatchDetailPage() {
  const [params] = useSearchParams();
  const context = taskContextOf(params);
  const testId = idParam(params, 'taskDetailId');
  const backTo = useBackTo(context);
  const rework = isRework(context);
  const trail = [...taskTrail(context, rework), { name: '任务进度', to: dtuWatchUrls.watch(context) }];

  return (
    <div className="dtu-watch-page">
      <TrailPageHeader title={TITLE} trail={trail} backTo={backTo} />
      {testId === null ? (
        <MissingQuery title="未指定设备" hint="请从任务进度的设备列表点击“详情”打开" backTo={backTo} backLabel="返回任务进度" />
      ) : (
        <DetailBody testId={testId} sampling={samplingBatchOf(context) !== null} backTo={backTo} />
      )}
    </div>
  );
}

function DetailBody({ testId, sampling, backTo }: { testId: number; sampling: boolean; backTo: string }) {
  const production = useDeviceTest(testId, !sampling);
  const sample = useSampleTest(testId, sampling);
  const detail = sampling ? sample : production;
  // the task tells what identifies its units and whether it has serial tests
  const task = useDtuTask(detail.data?.record.taskId ?? null);
  useQueryError(detail.error ?? task.error);

  if (!detail.data) {
    if (detail.isError) {
      return <LoadFailure error={detail.error} what="设备检测记录" backTo={backTo} backLabel="返回任务进度" onRetry={() => void detail.refetch()} />;
    }
    return <Loading />;
  }
  return <DetailSections detail={detail.data} task={task.data ?? null} sampling={sampling} />;
}

function DetailSections({ detail, task, sampling }: { detail: UnitTest; task: DtuTask | null; sampling: boolean }) {
  const record = detail.record;
  // until the task is read, the unit is named by whichever code it has
  const identity = task ? unitIdentityOf(task.communicationType) : record.imei ? 'IMEI' : 'MAC';
  // serial tests are a bluetooth DTU's (seed 002 §2); shown too when a record has them and the task is not read yet
  const serial = task ? task.communicationType === BLUETOOTH : detail.serialPropList.length > 0;

  const basicItems = [
    { key: 'imei', label: 'IMEI', children: orDash(record.imei) },
    { key: 'mac', label: 'MAC', children: orDash(record.mac) },
    { key: 'task', label: task?.reworkTask ? '配件型号' : '任务名称', children: orDash(record.taskFittingType) },
    { key: 'result', label: '检测结果', children: <TestResultTag status={record.testStatus} /> },
    // a sample is never submitted
    ...(sampling ? [] : [{ key: 'manage', label: '提交状态', children: <ManageStatusTag status={record.manageStatus} /> }]),
    { key: 'server', label: '服务器校验', children: record.serverVerified ? '已通过' : '未通过' },
    { key: 'start', label: '开始时间', children: record.startTime },
    { key: 'check', label: '检测时间', children: orDash(record.checkTime) },
    { key: 'duration', label: '检测时长', children: durationText(record.productTime) },
    { key: 'tester', label: '检测人员', children: orDash(record.uname) },
    { key: 'terminal', label: '检测终端', children: orDash(record.terminalName) },
    { key: 'batch', label: '提交时间', children: orDash(record.batchTime) },
    { key: 'failures', label: '失败项', span: 3, children: record.failures.length ? record.failures.join('、') : '-' },
    ...detail.basePropList.map((prop) => ({ key: `base-${prop.code}`, label: prop.propName || prop.code, children: orDash(prop.reportVal) })),
  ];

  const buttonColumns: TableColumnsType<ButtonItem> = [
    { title: '检测项', dataIndex: 'propName', key: 'propName', width: 180 },
    { title: '检测指令', dataIndex: 'checkCmd', key: 'checkCmd' },
    { title: '检测结果', dataIndex: 'checkResult', key: 'checkResult', width: 110, render: (pass: boolean | null) => <ItemResultTag pass={pass} /> },
  ];
  const serialColumns: TableColumnsType<SerialItem> = [
    { title: '检测项', key: 'name', width: 180, render: (_value, item) => item.dtuSerialCheckInformaitonEntity.name },
    { title: '检测标准', key: 'standard', render: (_value, item) => serialStandard(item) },
    { title: '上报值', dataIndex: 'reportValue', key: 'reportValue', render: orDash },
    { title: '检测结果', dataIndex: 'checkResult', key: 'checkResult', width: 110, render: (pass: boolean) => <ItemResultTag pass={pass} /> },
  ];
  const autoColumns: TableColumnsType<AutoItem> = [
    { title: '检测项', key: 'name', width: 180, render: (_value, item) => item.autoPropEntity.name },
    { title: '检测标准', key: 'standard', render: (_value, item) => orDash(item.autoPropEntity.standard) },
    {
      title: '上报值',
      key: 'reportValue',
      render: (_value, item) => (
        <span className="dtu-watch-detail__value">
          {orDash(item.reportValue)}
          {/* the value is held by another unit: a task that allows duplicates shows it (seed 002 §3) */}
          {item.duplicate && <Tag color="warning">重复</Tag>}
        </span>
      ),
    },
    { title: '检测结果', dataIndex: 'checkResult', key: 'checkResult', width: 110, render: (pass: boolean) => <ItemResultTag pass={pass} /> },
  ];

  return (
    <>
      <Card variant="borderless" size="small" title={`基本信息（${identity}：${orDash(identity === 'IMEI' ? record.imei : record.mac)}）`}>
        <Descriptions size="small" column={3} items={basicItems} />
      </Card>
      {detail.majorMinor && (
        <Card variant="borderless" size="small" title="数据下发">
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'major', label: 'major', children: detail.majorMinor.major },
              { key: 'minor', label: 'minor', children: detail.majorMinor.minor },
            ]}
          />
        </Card>
      )}
      <SectionTable title="按键检测" rowKey="propName" columns={buttonColumns} rows={detail.buttonPropList} />
      {serial && (
        <SectionTable title="串口检测" rowKey={(item) => item.dtuSerialCheckInformaitonEntity.code} columns={serialColumns} rows={detail.serialPropList} />
      )}
      <SectionTable title="自动检测" rowKey={(item) => item.autoPropEntity.code} columns={autoColumns} rows={detail.autoPropList} />
      {detail.otherResults && (
        <SectionTable title="其他检测" rowKey={(item) => String(item.propertyId)} columns={OTHER_COLUMNS} rows={detail.otherResults} />
      )}
    </>
  );
}

/** A sample's other checks (seed 002 §3 "Other test property"): what was measured against what, and the verdict. */
const OTHER_COLUMNS: TableColumnsType<SampleOtherResult> = [
  { title: '类别', dataIndex: 'category', key: 'category', width: 120 },
  { title: '检测项', dataIndex: 'property', key: 'property', width: 160 },
  { title: '检测工具', dataIndex: 'checkTool', key: 'checkTool', render: orDash },
  { title: '检测标准', dataIndex: 'checkStandard', key: 'checkStandard', render: orDash },
  { title: '实测值', dataIndex: 'actValue', key: 'actValue', render: orDash },
  {
    title: '检测结果',
    dataIndex: 'result',
    key: 'result',
    width: 110,
    render: (pass: boolean) => <Tag color={pass ? 'success' : 'error'}>{pass ? '合格' : '不合格'}</Tag>,
  },
];

/** A serial property's standard: its value, or its range (seed 002 §3). */
function serialStandard(item: SerialItem): string {
  const entity = item.dtuSerialCheckInformaitonEntity;
  if (entity.verifyRule === 'RANGE') return `${orDash(entity.minValue)} ~ ${orDash(entity.maxValue)}`;
  return orDash(entity.aimValue);
}

interface SectionTableProps<T> {
  title: string;
  rowKey: string | ((row: T) => string);
  columns: TableColumnsType<T>;
  rows: T[];
}

function SectionTable<T extends object>({ title, rowKey, columns, rows }: SectionTableProps<T>) {
  return (
    <Card variant="borderless" size="small" title={title}>
      <Table<T> rowKey={rowKey} columns={columns} dataSource={rows} pagination={false} size="small" />
    </Card>
  );
}
