import { TERMINAL_LIMITS, TERMINAL_STATUS, type TerminalList, type TerminalPad } from '@factory/contracts';
import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PAGE_SIZES } from '../../../lib/paging';
import { useHasFun } from '../../../lib/session-store';
import { useTerminalCategories } from '../api/get-terminal-categories';
import { useTerminals } from '../api/get-terminals';
import type { TerminalListQuery } from '../api/terminal-keys';
import { TerminalNameDialog } from '../components/terminal-name-dialog';
import { TerminalPicture } from '../components/terminal-picture';
import { useConfirmUnbind } from '../components/use-confirm-unbind';
import {
  canBeUnbound,
  parseGroupRef,
  statusColor,
  statusName,
  TERMINAL_MENU,
  TERMINAL_TYPE_NAMES,
  workLines,
  type TerminalGroupRef,
} from '../terminal-view';
import './terminal-detail-page.css';

/** 终端详情 (seed 000 §2): the terminals of one group of 终端管理, as a table. */
export function TerminalDetailPage() {
  const [searchParams] = useSearchParams();
  const group = parseGroupRef(searchParams);
  const backUrl = group?.type === 'PDA' ? `${TERMINAL_MENU}?type=PDA` : TERMINAL_MENU;

  return (
    <div className="terminal-detail-page">
      <PageHeader
        title="终端详情"
        breadcrumb={['平台管理', '终端管理', '终端详情']}
        extra={
          <Link to={backUrl} className="terminal-detail-page__back">
            <ArrowLeftOutlined /> 返回终端管理
          </Link>
        }
      />
      {group ? (
        <TerminalGroupTable group={group} />
      ) : (
        <Card variant="borderless">
          <Empty description="未指定终端分组，请从终端管理进入" />
        </Card>
      )}
    </div>
  );
}

function TerminalGroupTable({ group }: { group: TerminalGroupRef }) {
  const [draft, setDraft] = useState('');
  const [padKey, setPadKey] = useState<string | undefined>(undefined);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [renaming, setRenaming] = useState<TerminalPad | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const isPad = group.type === 'PAD';
  const inUse = group.status === 'USE';

  const params: TerminalListQuery = {
    terminalType: group.type,
    padKey,
    categoryId: isPad ? categoryId : undefined,
    status: group.status === 'UNUSE' ? TERMINAL_STATUS.unused : isPad ? undefined : TERMINAL_STATUS.used,
    lineId: group.status === 'USE' ? (group.lineId ?? undefined) : undefined,
  };
  const terminals = useTerminals(params);
  const categories = useTerminalCategories('PAD', isPad);
  const confirmUnbind = useConfirmUnbind();
  const canEdit = useHasFun(TERMINAL_MENU, 'edit');
  const canUnbind = useHasFun(TERMINAL_MENU, 'unbind');

  const { rows, title, extra } = groupRows(group, terminals.data);
  const search = (text: string) => setPadKey(text.trim() || undefined);

  const columns: TableColumnsType<TerminalPad> = [
    { title: '序号', key: 'index', width: 70, render: (_value, _row, index) => index + 1 },
    {
      title: '终端',
      key: 'picture',
      width: 90,
      render: (_value, terminal) => (
        <div className="terminal-detail-page__picture">
          <TerminalPicture terminal={terminal} />
        </div>
      ),
    },
    { title: '终端名称', dataIndex: 'padName', key: 'padName' },
    { title: '终端ID', dataIndex: 'padCode', key: 'padCode' },
    ...(isPad
      ? [{ title: '型号', dataIndex: 'category', key: 'category', render: (value: string | null) => value ?? '—' }]
      : []),
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (status: number) => <Tag color={statusColor(status)}>{statusName(status)}</Tag>,
    },
    // An unused terminal has no line, task or user: those columns are left out.
    ...(inUse ? workColumns(isPad) : []),
    ...(canEdit || canUnbind
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_value: unknown, terminal: TerminalPad) => (
              <Space size={4}>
                {canEdit && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setRenaming(terminal);
                      setRenameOpen(true);
                    }}
                  >
                    编辑
                  </Button>
                )}
                {canUnbind && canBeUnbound(terminal) && (
                  <Button type="link" size="small" danger onClick={() => confirmUnbind(terminal)}>
                    解绑
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      variant="borderless"
      title={
        <span className="terminal-detail-page__title">
          {title}
          {extra}
        </span>
      }
    >
      <div className="terminal-detail-page__filters">
        <Input
          aria-label="终端名称或ID"
          className="terminal-detail-page__search"
          placeholder="请输入终端名称或ID，回车搜索"
          prefix={<SearchOutlined />}
          maxLength={TERMINAL_LIMITS.codeMax}
          allowClear
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value === '' && padKey) search('');
          }}
          onPressEnter={() => search(draft)}
        />
        {isPad && (
          <Select
            aria-label="型号"
            className="terminal-detail-page__category"
            placeholder="全部型号"
            allowClear
            loading={categories.isLoading}
            value={categoryId}
            options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
            onChange={(value: number | undefined) => setCategoryId(value)}
          />
        )}
      </div>
      <Table<TerminalPad>
        rowKey="padId"
        columns={columns}
        dataSource={rows}
        loading={terminals.isFetching}
        pagination={{
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (count) => `共 ${count} 台`,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无终端" /> }}
      />
      <TerminalNameDialog terminal={renaming} open={renameOpen} onClose={() => setRenameOpen(false)} />
    </Card>
  );
}

/** Line, task and user of the terminals in use. */
function workColumns(isPad: boolean): TableColumnsType<TerminalPad> {
  const orDash = (value: string | null) => value ?? '—';
  return [
    ...(isPad ? [{ title: '产线', dataIndex: 'lineName', key: 'lineName', render: orDash }] : []),
    {
      title: '任务信息',
      key: 'work',
      render: (_value, terminal) => {
        const work = workLines(terminal);
        if (work.length === 0) return '—';
        return (
          <div className="terminal-detail-page__work">
            {work.map((line) => (
              <span key={line.label}>
                {line.label}：{line.value}
              </span>
            ))}
          </div>
        );
      },
    },
    { title: '使用人', dataIndex: 'padWorker', key: 'padWorker', render: orDash },
  ];
}

/** The terminals of the group named by the address, and how the group is titled. */
function groupRows(
  group: TerminalGroupRef,
  list: TerminalList | undefined,
): { rows: TerminalPad[]; title: string; extra?: ReactNode } {
  const typeName = TERMINAL_TYPE_NAMES[group.type];
  if (group.status === 'UNUSE') {
    return { rows: (group.type === 'PAD' ? list?.freePadList : list?.pdaFreeList) ?? [], title: `未使用的${typeName}` };
  }
  if (group.type === 'PDA') return { rows: list?.pdaUsedList ?? [], title: `已使用的${typeName}` };

  const lines = (list?.taskLineList ?? []).filter((line) =>
    group.taskId != null ? line.taskId === group.taskId : group.lineId != null ? line.lineId === group.lineId : true,
  );
  const first = lines[0];
  const productNumber = lines.find((line) => line.productNumber)?.productNumber;
  return {
    rows: lines.flatMap((line) => line.linePadList),
    title: first && lines.every((line) => line.lineId === first.lineId) ? first.lineName : `已使用的${typeName}`,
    extra: productNumber ? (
      <Tag color="blue" variant="filled">
        产品型号 {productNumber}
      </Tag>
    ) : undefined,
  };
}
