import { TERMINAL_LIMITS, type TerminalList, type TerminalPad, type TerminalType } from '@factory/contracts';
import { Card, Empty, Select, Spin, Tabs, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PermissionButton } from '../../../components/permission-button';
import { SearchQuery } from '../../../components/search-query';
import { useListState } from '../../../lib/use-list-state';
import { useTerminalCategories } from '../api/get-terminal-categories';
import { useTerminals } from '../api/get-terminals';
import type { TerminalListQuery } from '../api/terminal-keys';
import { TerminalAddDialog } from '../components/terminal-add-dialog';
import { TerminalCounters } from '../components/terminal-counters';
import { TerminalEditDrawer } from '../components/terminal-edit-drawer';
import { TerminalGroup } from '../components/terminal-group';
import { useConfirmUnbind } from '../components/use-confirm-unbind';
import { groupDetailUrl, TERMINAL_MENU, TERMINAL_TYPE_NAMES } from '../terminal-view';
import './terminal-manage-page.css';

const TABS: { key: TerminalType; label: string }[] = [
  { key: 'PAD', label: TERMINAL_TYPE_NAMES.PAD },
  { key: 'PDA', label: TERMINAL_TYPE_NAMES.PDA },
];

/** The filters of a tab (of the list's query); the status and model as the page holds them. */
type Filters = Pick<TerminalListQuery, 'padKey'> & { status?: number; categoryId?: number };

/** 终端管理 (seed 000 §2): PADs grouped by line, handhelds by use, with counters that filter. */
export function TerminalManagePage() {
  const navigate = useNavigate();
  // The tab lives in the address, so 返回 from a detail page lands on the same tab.
  const [searchParams, setSearchParams] = useSearchParams();
  const terminalType: TerminalType = searchParams.get('type') === 'PDA' ? 'PDA' : 'PAD';
  const { filters, filter, draft, setDraft, reset } = useListState<Filters>({});

  const terminals = useTerminals({ terminalType, ...filters });
  const categories = useTerminalCategories('PAD', terminalType === 'PAD');
  const confirmUnbind = useConfirmUnbind();

  const [editOpen, setEditOpen] = useState(false);
  const [editing, setEditing] = useState<TerminalPad | null>(null);
  const [addOpen, setAddOpen] = useState(false);

  const switchTab = (key: string) => {
    setSearchParams(key === 'PDA' ? { type: 'PDA' } : {}, { replace: true });
    reset();
  };
  const search = (text: string) => filter({ padKey: text.trim() || undefined });
  const edit = (terminal: TerminalPad) => {
    setEditing(terminal);
    setEditOpen(true);
  };
  const open = (url: string) => void navigate(url);

  const groups = terminals.data ? groupsOf(terminalType, terminals.data) : [];

  return (
    <div className="terminal-manage-page">
      <PageHeader
        title="终端管理"
        breadcrumb={['平台管理', '终端管理']}
        extra={
          <PermissionButton menuUrl={TERMINAL_MENU} funCode="add" type="primary" onClick={() => setAddOpen(true)}>
            新增终端
          </PermissionButton>
        }
      />
      <Card variant="borderless">
        <Tabs activeKey={terminalType} items={TABS} onChange={switchTab} className="terminal-manage-page__tabs" />
        <div className="terminal-manage-page__filters">
          <SearchQuery
            label="终端名称或ID"
            className="terminal-manage-page__search"
            maxLength={TERMINAL_LIMITS.codeMax}
            draft={draft}
            onDraftChange={setDraft}
            searched={filters.padKey ?? ''}
            onSearch={search}
          />
          {terminalType === 'PAD' && (
            <Select
              aria-label="型号"
              className="terminal-manage-page__category"
              placeholder="全部型号"
              allowClear
              loading={categories.isLoading}
              value={filters.categoryId}
              options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
              onChange={(categoryId: number | undefined) => filter({ categoryId })}
            />
          )}
        </div>
        <TerminalCounters
          terminalType={terminalType}
          counts={terminals.data}
          status={filters.status}
          onStatusChange={(status) => filter({ status })}
        />
        <Spin spinning={terminals.isFetching}>
          <div className="terminal-manage-page__groups">
            {groups.length === 0 && !terminals.isLoading ? (
              <Empty className="terminal-manage-page__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无终端" />
            ) : (
              groups.map((group) => (
                <TerminalGroup
                  key={group.key}
                  title={group.title}
                  extra={group.extra}
                  terminals={group.terminals}
                  detailUrl={group.detailUrl}
                  onOpen={open}
                  onEdit={edit}
                  onUnbind={confirmUnbind}
                />
              ))
            )}
          </div>
        </Spin>
      </Card>
      <TerminalEditDrawer terminal={editing} open={editOpen} onClose={() => setEditOpen(false)} />
      <TerminalAddDialog open={addOpen} defaultType={terminalType} onClose={() => setAddOpen(false)} />
    </div>
  );
}

interface Group {
  key: string;
  title: string;
  extra?: ReactNode;
  terminals: TerminalPad[];
  detailUrl: string;
}

/** The groups of a tab (seed 000 §2); a group with no terminal under the current filter is left out. */
function groupsOf(terminalType: TerminalType, list: TerminalList): Group[] {
  const groups: Group[] =
    terminalType === 'PAD'
      ? [
          {
            key: 'free',
            title: '未使用',
            terminals: list.freePadList,
            detailUrl: groupDetailUrl({ type: 'PAD', status: 'UNUSE' }),
          },
          ...list.taskLineList.map((line) => ({
            key: `line-${line.lineId}-${line.taskId ?? 'idle'}`,
            title: line.lineName,
            extra: line.productNumber ? (
              <Tag color="blue" variant="filled">
                产品型号 {line.productNumber}
              </Tag>
            ) : undefined,
            terminals: line.linePadList,
            detailUrl: groupDetailUrl({ type: 'PAD', status: 'USE', taskId: line.taskId, lineId: line.lineId }),
          })),
        ]
      : [
          {
            key: 'free',
            title: '未使用',
            terminals: list.pdaFreeList,
            detailUrl: groupDetailUrl({ type: 'PDA', status: 'UNUSE' }),
          },
          {
            key: 'used',
            title: '已使用',
            terminals: list.pdaUsedList,
            detailUrl: groupDetailUrl({ type: 'PDA', status: 'USE' }),
          },
        ];
  return groups.filter((group) => group.terminals.length > 0);
}
