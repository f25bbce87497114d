import type { OutputRecord } from '@factory/contracts';
import { Card, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ListEmpty } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useOutputs } from '../api/get-outputs';
import type { OutputListQuery } from '../api/stock-keys';
import { DayPicker, ProductModelSelect } from '../components/stock-filters';
import { dayOf, productIdOf, STOCK_OUT_TRAIL, today, unitKey } from '../stock-view';
import { useUrlListState } from '../../../lib/use-url-list-state';
import './stock-pages.css';

const SHIPPED_COLUMNS: TableColumnsType<OutputRecord> = [
  { title: '设备SN', key: 'sn', render: (_value, unit) => unitKey(unit) },
  { title: '产品型号', dataIndex: 'productNumber', key: 'productNumber', ellipsis: true },
  { title: '批次号', dataIndex: 'batchNo', key: 'batchNo', ellipsis: true },
  { title: '出库时间', dataIndex: 'outPutTime', key: 'outPutTime', width: 170 },
  { title: '操作人', dataIndex: 'operator', key: 'operator', ellipsis: true },
];

/** 出库记录 (seed 002 §2): the units shipped on a day, by product model. */
export function StockOutPage() {
  // Fixed for the page's life: the day it was opened is its default.
  const [defaults] = useState(() => ({ day: today(), productId: '' }));
  const { filters, filter, paging, pagination } = useUrlListState(defaults);

  const query: OutputListQuery = useMemo(
    () => ({
      pageNum: paging.page,
      pageSize: paging.pageSize,
      productId: productIdOf(filters.productId),
      day: dayOf(filters.day) || undefined,
    }),
    [filters, paging],
  );
  const outputs = useOutputs(query);
  useQueryError(outputs.error);

  const columns: TableColumnsType<OutputRecord> = [
    {
      title: '序号',
      key: 'index',
      width: 64,
      render: (_value, _unit, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    ...SHIPPED_COLUMNS,
  ];

  return (
    <div className="stock-page">
      <PageHeader title="出库记录" breadcrumb={STOCK_OUT_TRAIL} />
      <Card variant="borderless">
        <div className="stock-filters">
          <DayPicker label="出库日期" value={dayOf(filters.day)} onChange={(day) => filter({ day })} />
          <ProductModelSelect value={filters.productId} onChange={(productId) => filter({ productId })} />
        </div>
        <Table<OutputRecord>
          rowKey="id"
          columns={columns}
          dataSource={outputs.data?.list ?? []}
          loading={outputs.isFetching}
          pagination={pagination(outputs.data?.total ?? 0)}
          locale={{ emptyText: <ListEmpty failed={outputs.isError} what="出库记录" onRetry={() => void outputs.refetch()} /> }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </div>
  );
}
