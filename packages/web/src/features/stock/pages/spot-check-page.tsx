import { STOCK_LIMITS, type StockBatch } from '@factory/contracts';
import { Card, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ListEmpty } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { useQueryError } from '../../../lib/use-query-error';
import { useBatches } from '../api/get-batches';
import type { BatchListQuery } from '../api/stock-keys';
import { ForwardLink } from '../components/back-button';
import { DayPicker, ProductModelSelect } from '../components/stock-filters';
import { VerdictTag } from '../components/verdict-tag';
import { dayOf, orDash, planText, productIdOf, SPOT_CHECK_TRAIL, stockUrls, today } from '../stock-view';
import { useUrlListState } from '../../../lib/use-url-list-state';
import './stock-pages.css';

/** 抽检管理 (seed 002 §2): the stocked batches of a day, with their sampling plan and verdict. */
export function SpotCheckPage() {
  // Fixed for the page's life: the day it was opened is its default.
  const [defaults] = useState(() => ({ batchNo: '', day: today(), productId: '' }));
  const { filters, filter, draft, setDraft, paging, pagination } = useUrlListState(defaults, 'batchNo');

  const query: BatchListQuery = useMemo(
    () => ({
      pageNum: paging.page,
      pageSize: paging.pageSize,
      productId: productIdOf(filters.productId),
      day: dayOf(filters.day) || undefined,
      batchId: filters.batchNo || undefined,
    }),
    [filters, paging],
  );
  const batches = useBatches(query);
  useQueryError(batches.error);

  const columns: TableColumnsType<StockBatch> = [
    {
      title: '序号',
      key: 'index',
      width: 64,
      render: (_value, _batch, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '批次号', dataIndex: 'batchId', key: 'batchId', ellipsis: true },
    { title: '产品型号', dataIndex: 'productNumber', key: 'productNumber', ellipsis: true },
    { title: '产线', dataIndex: 'lineName', key: 'lineName', ellipsis: true },
    { title: '设备数量', dataIndex: 'count', key: 'count', width: 90 },
    { title: '入库时间', dataIndex: 'stockTime', key: 'stockTime', width: 170 },
    { title: '抽检时间', dataIndex: 'checkTime', key: 'checkTime', width: 170, render: orDash },
    { title: '抽检人', dataIndex: 'operator', key: 'operator', ellipsis: true, render: orDash },
    {
      title: '抽样方案',
      key: 'plan',
      width: 150,
      render: (_value, batch) => planText(batch),
    },
    {
      title: '判定',
      key: 'verdict',
      width: 90,
      render: (_value, batch) => <VerdictTag status={batch.status} verdict={batch.verdict} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_value, batch) => <ForwardLink to={stockUrls.batch(batch.id)}>进入</ForwardLink>,
    },
  ];

  return (
    <div className="stock-page">
      <PageHeader title="抽检管理" breadcrumb={SPOT_CHECK_TRAIL} />
      <Card variant="borderless">
        <div className="stock-filters">
          <SearchQuery
            label="批次号"
            className="stock-filters__search"
            maxLength={STOCK_LIMITS.batchNoMax}
            draft={draft}
            onDraftChange={setDraft}
            searched={filters.batchNo}
            onSearch={(batchNo) => filter({ batchNo })}
          />
          <DayPicker label="入库日期" value={dayOf(filters.day)} onChange={(day) => filter({ day })} />
          <ProductModelSelect value={filters.productId} onChange={(productId) => filter({ productId })} />
        </div>
        <Table<StockBatch>
          rowKey="id"
          columns={columns}
          dataSource={batches.data?.list ?? []}
          loading={batches.isFetching}
          pagination={pagination(batches.data?.total ?? 0)}
          locale={{ emptyText: <ListEmpty failed={batches.isError} what="抽检批次" onRetry={() => void batches.refetch()} /> }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </div>
  );
}
