import { ACCESSORY_MSG, type Page } from '@factory/contracts';
import { App, Button, Card, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useEffect } from 'react';
import { ListEmpty } from '../../../../components/page-result';
import { runWithFeedback } from '../../../../lib/api-client';
import { type Paging, tablePagination } from '../../../../lib/paging';
import { useQueryError } from '../../../../lib/use-query-error';
import { useChangePropertyStatus } from '../api/change-property-status';
import { useDeleteProperty } from '../api/delete-property';
import { KIND_WORDS, PROPERTY_PAGE_SIZES, PROPERTY_STATUS_NAMES, PROPERTY_TESTING, type PropertyKind } from '../potion-view';

export const FIRST_PROPERTY_PAGE: Paging = { page: 1, pageSize: PROPERTY_PAGE_SIZES[0] };

interface PropertyRow {
  id: number;
  status: number;
}

interface ListResult<Row> {
  data?: Page<Row>;
  error: unknown;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

interface PropertyTableCardProps<Row extends PropertyRow> {
  kind: PropertyKind;
  title: string;
  dtuId: number;
  /** an archived DTU: no 新增 and no row actions */
  readOnly: boolean;
  /** the kind's own columns, between 序号 and 检测状态 */
  columns: TableColumnsType<Row>;
  list: ListResult<Row>;
  paging: Paging;
  onPaging(next: Paging): void;
  onAdd(): void;
  onEdit(row: Row): void;
}

export function PropertyStatusTag({ status }: { status: number }) {
  return <Tag color={status === PROPERTY_TESTING ? 'processing' : 'default'}>{PROPERTY_STATUS_NAMES[status] ?? status}</Tag>;
}

/**
 * One of the three property tables (seed 002 §2, §4): 新增, pages of 5/10/20, and per
 * row 开启检测/停止检测 (the list goes back to page 1), 编辑 and 删除, each after a
 * confirmation. A property being tested can be neither edited nor deleted (the
 * server refuses it), so those two wait, saying why.
 */
export function PropertyTableCard<Row extends PropertyRow>({
  kind,
  title,
  dtuId,
  readOnly,
  columns,
  list,
  paging,
  onPaging,
  onAdd,
  onEdit,
}: PropertyTableCardProps<Row>) {
  const { modal } = App.useApp();
  useQueryError(list.error);
  const changeStatus = useChangePropertyStatus(kind, dtuId);
  const deleteProperty = useDeleteProperty(kind, dtuId);
  const word = KIND_WORDS[kind];

  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  // Deleting the last row of the last page leaves an empty page: step back to the last one that has rows.
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && paging.page > 1 && total > 0) {
      onPaging({ ...paging, page: Math.max(1, Math.ceil(total / paging.pageSize)) });
    }
  }, [list.data, paging, total, onPaging]);

  const toggle = (row: Row) => {
    const next = row.status === PROPERTY_TESTING ? 0 : 1;
    modal.confirm({
      title: '提示',
      content: next === 1 ? ACCESSORY_MSG.openConfirm : ACCESSORY_MSG.stopConfirm,
      onOk: async () => {
        const done = await runWithFeedback(
          () => changeStatus.mutateAsync({ id: row.id, status: next }),
          next === 1 ? ACCESSORY_MSG.opened(word) : ACCESSORY_MSG.stopped(word),
        );
        if (done) onPaging({ ...paging, page: 1 });
      },
    });
  };

  const remove = (row: Row) =>
    modal.confirm({
      title: '提示',
      content: ACCESSORY_MSG.deleteConfirm,
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => deleteProperty.mutateAsync(row.id), ACCESSORY_MSG.deleted(word)),
    });

  const allColumns: TableColumnsType<Row> = [
    {
      title: '序号',
      key: 'index',
      width: 64,
      render: (_value, _row, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    ...columns,
    {
      title: '检测状态',
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (status: number) => <PropertyStatusTag status={status} />,
    },
    ...(readOnly
      ? []
      : [
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_value: unknown, row: Row) => {
              const testing = row.status === PROPERTY_TESTING;
              const locked = testing ? ACCESSORY_MSG.propertyTesting : undefined;
              return (
                <Space size={0}>
                  <Button type="link" size="small" danger={testing} onClick={() => toggle(row)}>
                    {testing ? '停止检测' : '开启检测'}
                  </Button>
                  <Tooltip title={locked}>
                    <Button type="link" size="small" disabled={testing} onClick={() => onEdit(row)}>
                      编辑
                    </Button>
                  </Tooltip>
                  <Tooltip title={locked}>
                    <Button type="link" size="small" danger disabled={testing} onClick={() => remove(row)}>
                      删除
                    </Button>
                  </Tooltip>
                </Space>
              );
            },
          },
        ]),
  ];

  return (
    <Card
      variant="borderless"
      size="small"
      title={title}
      role="region"
      aria-label={title}
      extra={
        !readOnly && (
          <Button type="primary" onClick={onAdd}>
            新增
          </Button>
        )
      }
    >
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={allColumns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={tablePagination(paging, total, onPaging, PROPERTY_PAGE_SIZES)}
        locale={{ emptyText: <ListEmpty failed={list.isError} what={title} onRetry={() => void list.refetch()} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
