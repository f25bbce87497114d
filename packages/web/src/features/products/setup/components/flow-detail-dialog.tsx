import { INTERVAL, NUMERIC_TYPES, type Flow, type FlowItem } from '@factory/contracts';
import { Descriptions, Empty, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';

interface FlowDetailDialogProps {
  flow: Flow | null;
  onClose(): void;
}

/** The standard value of an item in words: the chosen value, the text, the enum labels, a number or range. */
export function standardText(item: FlowItem): string {
  const unit = item.unitName ?? '';
  switch (item.dataTypeId) {
    case 'boolean':
      if (item.normalBoolean === 1) return `${item.trueValue ?? 'true'}（1）`;
      if (item.normalBoolean === 0) return `${item.falseValue ?? 'false'}（0）`;
      return '-';
    case 'enum':
      return item.normalEnums.map((key) => item.enumerates?.[key] ?? key).join('、') || '-';
    case 'string':
    case 'url':
      return item.normalStr || '-';
    default:
      if (!NUMERIC_TYPES.includes(item.dataTypeId)) return '-';
      return item.intervalNumber === INTERVAL.range
        ? `${item.normalValue}~${item.normalValueMax}${unit}`
        : `${item.normalValue}${unit}`;
  }
}

const itemColumns: TableColumnsType<FlowItem> = [
  { title: '检测项', dataIndex: 'name', key: 'name', width: 160 },
  { title: '标识符', dataIndex: 'code', key: 'code', width: 140 },
  {
    title: '标准值',
    key: 'standard',
    render: (_value, item) =>
      item.dataTypeId === 'enum' ? (
        <Space size={[4, 4]} wrap>
          {item.normalEnums.map((key) => (
            <Tag key={key}>{item.enumerates?.[key] ?? key}</Tag>
          ))}
        </Space>
      ) : (
        standardText(item)
      ),
  },
];

/** A flow's detail (seed 001 §2): name, scan codes, auto-check items, manual items, work instruction. */
export function FlowDetailDialog({ flow, onClose }: FlowDetailDialogProps) {
  return (
    <Modal title={flow ? `流程${flow.order}详情` : '流程详情'} open={flow !== null} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {flow && (
        <Descriptions
          column={1}
          size="small"
          bordered
          styles={{ label: { width: 120 } }}
          items={[
            { key: 'name', label: '流程名称', children: flow.name },
            {
              key: 'scan',
              label: '扫码项',
              children: (
                <Space size={[4, 4]} wrap>
                  {flow.scanCodes.map((code) => (
                    <Tag key={code} color="blue">
                      {code}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              key: 'items',
              label: '自动检测项',
              children:
                flow.items.length > 0 ? (
                  <Table<FlowItem>
                    rowKey="id"
                    size="small"
                    columns={itemColumns}
                    dataSource={flow.items}
                    pagination={false}
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无自动检测项" />
                ),
            },
            {
              key: 'manual',
              label: '手动检测项',
              children:
                flow.manualItems.length > 0 ? (
                  <ol className="flow-detail__manual">
                    {flow.manualItems.map((row) => (
                      <li key={row.id}>{row.manualValue}</li>
                    ))}
                  </ol>
                ) : (
                  '无'
                ),
            },
            {
              key: 'pdf',
              label: '作业指导书',
              children:
                flow.pdfFileName && flow.pdfDownloadUrl ? (
                  <a href={flow.pdfDownloadUrl} target="_blank" rel="noreferrer">
                    {flow.pdfFileName}
                  </a>
                ) : (
                  (flow.pdfFileName ?? '无')
                ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
