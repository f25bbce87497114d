import { FLOW_RESULT_NAMES, type StockRecordDetail } from '@factory/contracts';
import { Card, Descriptions, Empty, Tag, Timeline } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useStockRecord } from '../api/get-stock-record';
import { BackButton } from '../components/back-button';
import { CheckResult } from '../components/verdict-tag';
import { idParam, orDash, SPOT_CHECK_MENU, SPOT_CHECK_TRAIL, stockUrls, textParam } from '../stock-view';
import './stock-pages.css';

type ProduceTest = StockRecordDetail['produceTestItems'][number];

const TEST_COLORS: Record<ProduceTest['status'], { tag: string; dot: string }> = {
  TEST_SUCCESS: { tag: 'success', dot: 'green' },
  TEST_ERROR: { tag: 'error', dot: 'red' },
};

/** 抽检设备详情 (seed 002 §2): a unit of a batch, its spot check, and its production tests as a timeline. */
export function SpotCheckDeviceDetailPage() {
  const [searchParams] = useSearchParams();
  const sn = textParam(searchParams, 'id');
  const batchId = idParam(searchParams, 'batchId');
  const backTo = batchId === null ? SPOT_CHECK_MENU : stockUrls.batch(batchId);
  const back = { backTo, backLabel: batchId === null ? '返回抽检管理' : '返回抽检设备' };
  return (
    <div className="stock-page">
      <PageHeader
        title="抽检设备详情"
        breadcrumb={[...SPOT_CHECK_TRAIL, '抽检设备', '抽检设备详情']}
        extra={<BackButton fallback={backTo} />}
      />
      {sn === null || batchId === null ? (
        <MissingQuery title="未指定设备" hint="请从抽检设备列表点击“进入”打开" {...back} />
      ) : (
        <UnitBody sn={sn} batchId={batchId} {...back} />
      )}
    </div>
  );
}

function UnitBody({ sn, batchId, backTo, backLabel }: { sn: string; batchId: number; backTo: string; backLabel: string }) {
  const unit = useStockRecord({ sn, batchId });
  useQueryError(unit.error);

  if (!unit.data) {
    if (unit.isError) {
      return <LoadFailure error={unit.error} what="设备" backTo={backTo} backLabel={backLabel} onRetry={() => void unit.refetch()} />;
    }
    return <Loading />;
  }
  const record = unit.data;
  const items = [
    { key: 'code', label: '生产码', children: record.produceCode },
    { key: 'sn', label: 'SN', children: orDash(record.sn) },
    { key: 'imei', label: 'IMEI', children: orDash(record.imei) },
    { key: 'operator', label: '抽检人', children: orDash(record.operator) },
    { key: 'time', label: '抽检时间', children: orDash(record.randomCheckTime) },
    { key: 'result', label: '抽检结果', children: <CheckResult pass={record.checkPass} /> },
    { key: 'defect', label: '不合格说明', children: orDash(record.defect) },
    { key: 'batch', label: '批次号', children: record.batchNo },
  ];
  const tests = record.produceTestItems;
  return (
    <>
      <Card variant="borderless" size="small" title="设备信息">
        <Descriptions size="small" column={3} items={items} />
      </Card>
      <Card variant="borderless" size="small" title="生产检测" role="region" aria-label="生产检测">
        {tests.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无生产检测记录" />
        ) : (
          <Timeline
            items={tests.map((test, index) => ({
              key: index,
              color: TEST_COLORS[test.status].dot,
              content: <TestEntry test={test} />,
            }))}
          />
        )}
      </Card>
    </>
  );
}

function TestEntry({ test }: { test: ProduceTest }) {
  return (
    <div className="stock-test" aria-label={`${test.testTime} ${test.testName}`}>
      <span className="stock-test__meta">{test.testTime}</span>
      <span className="stock-test__name">{test.testName}</span>
      {test.operator && <span className="stock-test__meta">检测人员 {test.operator}</span>}
      <Tag color={TEST_COLORS[test.status].tag}>{FLOW_RESULT_NAMES[test.status]}</Tag>
    </div>
  );
}
