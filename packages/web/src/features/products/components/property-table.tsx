import type { Property } from '@factory/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { tablePagination, type Paging } from '../../../lib/paging';
import { useQueryError } from '../../../lib/use-query-error';
import { useProperties } from '../api/get-properties';
import { FIRST_SMALL_PAGE, propertyValueSummary, SMALL_PAGE_SIZES } from '../product-view';

const columns: TableColumnsType<Property> = [
  { title: '属性名称', dataIndex: 'name', key: 'name', width: 160, ellipsis: true },
  { title: '标识符', dataIndex: 'code', key: 'code', width: 160, ellipsis: true },
  { title: '数据类型', dataIndex: 'dataTypeName', key: 'dataTypeName', width: 110 },
  {
    title: '取值范围/长度/枚举值/布尔值',
    key: 'values',
    ellipsis: true,
    render: (_value, property) => propertyValueSummary(property),
  },
  { title: '单位', dataIndex: 'unitName', key: 'unitName', width: 100, render: (unit: string | null) => unit || '-' },
  { title: '描述', dataIndex: 'description', key: 'description', ellipsis: true },
];

/** The custom properties of a product, read-only, paged 5/10/20 (seed 001 §2, product detail). */
export function PropertyTable({ productId }: { productId: number }) {
  const [paging, setPaging] = useState<Paging>(FIRST_SMALL_PAGE);
  const properties = useProperties(productId, paging);
  useQueryError(properties.error);
  const total = properties.data?.total ?? 0;
  return (
    <Table<Property>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={properties.data?.list ?? []}
      loading={properties.isFetching}
      locale={{ emptyText: '暂无自定义属性' }}
      pagination={total > 0 ? tablePagination(paging, total, setPaging, SMALL_PAGE_SIZES) : false}
    />
  );
}
