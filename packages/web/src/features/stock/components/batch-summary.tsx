import { INSPECTION_SEVERITY_NAMES, type StockBatch, STOCK_BATCH_STATUS_NAMES } from '@factory/contracts';
import { Card, Descriptions, Typography } from 'antd';
import { orDash } from '../stock-view';
import { VerdictTag } from './verdict-tag';

/** The head of 抽检设备: the batch (seed 002 §2), then its GB/T 2828.1 plan and progress (DESIGN.md §9.6). */
export function BatchSummary({ batch }: { batch: StockBatch }) {
  const info = [
    { key: 'batchNo', label: '批次号', children: batch.batchId },
    { key: 'line', label: '产线', children: batch.lineName },
    { key: 'product', label: '产品型号', children: batch.productNumber },
    { key: 'operator', label: '抽检人', children: orDash(batch.operator) },
    { key: 'checkTime', label: '抽检时间', children: orDash(batch.checkTime) },
  ];
  const open = batch.status === 'OPEN';
  const plan = [
    { key: 'lotSize', label: '批量', children: orDash(batch.lotSize) },
    { key: 'codeLetter', label: '样本量字码', children: orDash(batch.codeLetter) },
    { key: 'level', label: '检验水平', children: orDash(batch.inspectionLevel) },
    { key: 'aql', label: 'AQL', children: orDash(batch.aql) },
    // normal, or tightened after rejected batches of the product (GB/T 2828.1 §9.3)
    { key: 'severity', label: '检验严格度', children: open ? '-' : INSPECTION_SEVERITY_NAMES[batch.severity] },
    { key: 'sampleSize', label: '样本量 n', children: orDash(batch.sampleSize) },
    { key: 'ac', label: 'Ac', children: orDash(batch.acceptNumber) },
    { key: 're', label: 'Re', children: orDash(batch.rejectNumber) },
    { key: 'checked', label: '已抽检', children: `${batch.checkedCount}/${orDash(batch.sampleSize)}` },
    { key: 'defects', label: '不合格数', children: batch.defectCount },
    { key: 'verdict', label: '判定', children: <VerdictTag status={batch.status} verdict={batch.verdict} /> },
  ];
  return (
    <>
      <Card variant="borderless" size="small" title="批次信息">
        <Descriptions size="small" column={3} items={info} />
      </Card>
      <Card variant="borderless" size="small" title="抽样方案" role="region" aria-label="抽样方案">
        {open && (
          <Typography.Paragraph type="secondary">
            {STOCK_BATCH_STATUS_NAMES.OPEN}：结束入库后按批量确定抽样方案
          </Typography.Paragraph>
        )}
        <Descriptions size="small" column={5} items={plan} />
      </Card>
    </>
  );
}
