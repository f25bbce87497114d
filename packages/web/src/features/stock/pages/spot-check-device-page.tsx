import { STOCK_LIMITS, type StockRecord } from '@factory/contracts';
import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ListEmpty, LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { useQueryError } from '../../../lib/use-query-error';
import { useBatch } from '../api/get-batch';
import { useStockRecords } from '../api/get-stock-records';
import type { StockRecordListQuery } from '../api/stock-keys';
import { BackButton, ForwardLink } from '../components/back-button';
import { BatchSummary } from '../components/batch-summary';
import { CheckResult } from '../components/verdict-tag';
import { idParam, orDash, SPOT_CHECK_MENU, SPOT_CHECK_TRAIL, stockUrls, unitKey } from '../stock-view';
import { useUrlListState } from '../../../lib/use-url-list-state';
import './stock-pages.css';

const BACK = { backTo: SPOT_CHECK_MENU, backLabel: '返回抽检管理' };
const NO_FILTERS = { sn: '' };

/** 抽检设备 (seed 002 §2): one batch, its sampling plan, and its units filtered by SN. */
export function SpotCheckDevicePage() {
  const [searchParams] = useSearchParams();
  const batchId = idParam(searchParams, 'id');
  return (
    <div className="stock-page">
      <PageHeader
        title="抽检设备"
        breadcrumb={[...SPOT_CHECK_TRAIL, '抽检设备']}
        extra={<BackButton fallback={SPOT_CHECK_MENU} />}
      />
      {batchId === null ? (
        <MissingQuery title="未指定批次" hint="请从抽检管理的批次列表点击“进入”打开" {...BACK} />
      ) : (
        <BatchBody batchId={batchId} />
      )}
    </div>
  );
}

function BatchBody({ batchId }: { batchId: number }) {
  const batch = useBatch(batchId);
  useQueryError(batch.error);

  if (!batch.data) {
    if (batch.isError) return <LoadFailure error={batch.error} what="批次" onRetry={() => void batch.refetch()} {...BACK} />;
    return <Loading />;
  }
  return (
    <>
      <BatchSummary batch={batch.data} />
      <UnitTable batchId={batchId} />
    </>
  );
}

function UnitTable({ batchId }: { batchId: number }) {
  const { filters, filter, draft, setDraft, paging, pagination } = useUrlListState(NO_FILTERS, 'sn');
  const query: StockRecordListQuery = useMemo(
    () => ({ stockBatchId: batchId, sn: filters.sn || undefined, pageNum: paging.page, pageSize: paging.pageSize }),
    [batchId, filters, paging],
  );
  const units = useStockRecords(query);
  useQueryError(units.error);

  const columns: TableColumnsType<StockRecord> = [
    {
      title: '序号',
      key: 'index',
      width: 64,
      render: (_value, _unit, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    {
      title: 'SN',
      key: 'sn',
      render: (_value, unit) => (
        <span className="stock-unit-sn">
          {unitKey(unit)}
          {unit.ifCheck && <Tag color="blue">已抽检</Tag>}
        </span>
      ),
    },
    { title: '生产码', dataIndex: 'produceCode', key: 'produceCode' },
    { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: orDash },
    {
      title: '抽检结果',
      dataIndex: 'checkPass',
      key: 'checkPass',
      width: 90,
      render: (pass: boolean | null) => <CheckResult pass={pass} />,
    },
    { title: '不合格说明', dataIndex: 'defect', key: 'defect', ellipsis: true, render: orDash },
    { title: '抽检人', dataIndex: 'operator', key: 'operator', render: orDash },
    { title: '抽检时间', dataIndex: 'randomCheckTime', key: 'randomCheckTime', width: 170, render: orDash },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_value, unit) => <ForwardLink to={stockUrls.unit(batchId, unitKey(unit))}>进入</ForwardLink>,
    },
  ];

  return (
    <Card variant="borderless" size="small" title="批次设备">
      <div className="stock-filters">
        <SearchQuery
          label="SN"
          className="stock-filters__search"
          maxLength={STOCK_LIMITS.codeMax}
          draft={draft}
          onDraftChange={setDraft}
          searched={filters.sn}
          onSearch={(sn) => filter({ sn })}
        />
      </div>
      <Table<StockRecord>
        rowKey="id"
        columns={columns}
        dataSource={units.data?.list ?? []}
        loading={units.isFetching}
        pagination={pagination(units.data?.total ?? 0)}
        locale={{ emptyText: <ListEmpty failed={units.isError} what="批次设备" onRetry={() => void units.refetch()} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
