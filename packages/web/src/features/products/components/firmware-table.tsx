import { FIRMWARE_STATUS_NAMES, FIRMWARE_TYPE_NAMES, MSG, type Firmware, type FirmwareType } from '@factory/contracts';
import { App, Button, Card, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { runWithFeedback } from '../../../lib/api-client';
import { tablePagination, type Paging } from '../../../lib/paging';
import { useQueryError } from '../../../lib/use-query-error';
import { useDeleteFirmware } from '../api/delete-firmware';
import { useFirmwares } from '../api/get-firmwares';
import { useStopFirmware } from '../api/stop-firmware';
import { useStartFirmware } from '../api/use-firmware';
import { FIRST_SMALL_PAGE, SMALL_PAGE_SIZES } from '../product-view';
import './firmware-table.css';

const EMPTY_TEXTS: Record<FirmwareType, string> = { TEST: '暂无产测固件', BUSINESS: '暂无业务固件' };

interface FirmwareTableProps {
  productId: number;
  type: FirmwareType;
  /**
   * Given on the push page to an operator who may write firmware: the 新增 button
   * and the row actions. Left out on the detail page, which only reads.
   */
  writable?: {
    onAdd(type: FirmwareType): void;
    onEdit(firmware: Firmware): void;
  };
}

/** 产测固件 or 业务固件 of a product (seed 001 §2), paged 5/10/20. */
export function FirmwareTable({ productId, type, writable }: FirmwareTableProps) {
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<Paging>(FIRST_SMALL_PAGE);
  const firmwares = useFirmwares(productId, type, paging);
  useQueryError(firmwares.error);
  const start = useStartFirmware();
  const stop = useStopFirmware();
  const remove = useDeleteFirmware();

  const confirm = (question: string, call: () => Promise<unknown>, success: string, danger = false) =>
    modal.confirm({
      title: question,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => runWithFeedback(call, success),
    });

  const total = firmwares.data?.total ?? 0;
  const title = `${FIRMWARE_TYPE_NAMES[type]}（${total}）`;

  const columns: TableColumnsType<Firmware> = [
    {
      title: '序号',
      key: 'index',
      width: 72,
      render: (_value, _firmware, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '版本号', dataIndex: 'versionNumber', key: 'versionNumber', width: 160, ellipsis: true },
    {
      title: '下载地址',
      dataIndex: 'downloadUrl',
      key: 'downloadUrl',
      ellipsis: true,
      render: (url: string, firmware) => (
        <a href={url} target="_blank" rel="noreferrer" download={firmware.originName || true} title={url}>
          {firmware.originName || url}
        </a>
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', width: 180 },
    {
      title: '当前状态',
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (status: Firmware['status']) => (
        <Tag color={status === 'USE' ? 'success' : 'default'}>{FIRMWARE_STATUS_NAMES[status]}</Tag>
      ),
    },
  ];
  if (writable) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 180,
      // seed 001 §4: a stopped firmware can be edited, started or deleted; one in use only stopped.
      render: (_value, firmware) =>
        firmware.status === 'STOP' ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => writable.onEdit(firmware)}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => confirm('是否开启该固件?', () => start.mutateAsync(firmware.id), MSG.firmwareUsed)}
            >
              开启
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirm('是否删除该固件?', () => remove.mutateAsync(firmware.id), MSG.firmwareDeleted, true)}
            >
              删除
            </Button>
          </Space>
        ) : (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirm('是否停止该固件?', () => stop.mutateAsync(firmware.id), MSG.firmwareStopped)}
          >
            停止
          </Button>
        ),
    });
  }

  return (
    <Card
      variant="borderless"
      size="small"
      className="firmware-table"
      title={title}
      extra={
        writable && (
          <Button type="primary" size="small" onClick={() => writable.onAdd(type)}>
            新增
          </Button>
        )
      }
    >
      <Table<Firmware>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={firmwares.data?.list ?? []}
        loading={firmwares.isFetching}
        locale={{ emptyText: EMPTY_TEXTS[type] }}
        pagination={total > 0 ? tablePagination(paging, total, setPaging, SMALL_PAGE_SIZES) : false}
      />
    </Card>
  );
}
