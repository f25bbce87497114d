import { LINE_LIMITS, MENUS, MSG, type ProductionLine } from '@factory/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PermissionButton } from '../../../components/permission-button';
import { STATUS_OPTIONS, StatusTag } from '../../../components/status-tag';
import { showApiError } from '../../../lib/api-client';
import { useHasFun } from '../../../lib/session-store';
import { useListState } from '../../../lib/use-list-state';
import { useChangeLineStatus } from '../api/change-line-status';
import { useFactories } from '../api/get-factories';
import { useLines } from '../api/get-lines';
import { LineFormDialog } from '../components/line-form-dialog';
import './production-line-page.css';

const LINE_MENU = MENUS.productionLine;

interface LineFilters {
  /** the factory picked in the select; null: the first one */
  chosenFactoryId: number | null;
  searchContext: string;
  status?: number;
}
const NO_FILTERS: LineFilters = { chosenFactoryId: null, searchContext: '' };

/** 产线管理 (seed 000 §2): the lines of a factory, searchable, filtered by status, paged 10/20/50. */
export function ProductionLinePage() {
  const { message } = App.useApp();
  const factories = useFactories();
  // Any filter change (factory, search, status) goes back to page 1.
  const { filters, filter, draft, setDraft, paging, pagination } = useListState(NO_FILTERS);
  const { chosenFactoryId, searchContext, status } = filters;
  const factoryId = chosenFactoryId ?? factories.data?.[0]?.id ?? null;

  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept after closing so the dialog keeps its title while it fades out.
  const [editingLine, setEditingLine] = useState<ProductionLine | null>(null);
  const openDialog = (line: ProductionLine | null) => {
    setEditingLine(line);
    setDialogOpen(true);
  };

  const params = useMemo(
    () =>
      factoryId === null
        ? null
        : { factoryId, page: paging.page, pageSize: paging.pageSize, status, searchContext: searchContext || undefined },
    [factoryId, paging, status, searchContext],
  );
  const lines = useLines(params);
  const changeStatus = useChangeLineStatus();

  const canEdit = useHasFun(LINE_MENU, 'edit');
  const canStart = useHasFun(LINE_MENU, 'start');
  const canStop = useHasFun(LINE_MENU, 'stop');

  const search = (text: string) => filter({ searchContext: text.trim() });

  const setLineStatus = async (line: ProductionLine, next: 0 | 1) => {
    try {
      await changeStatus.mutateAsync({ id: line.id, status: next });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(next === 1 ? MSG.lineEnabled : MSG.lineDisabled);
  };

  const columns: TableColumnsType<ProductionLine> = [
    {
      title: '序号',
      key: 'index',
      width: 80,
      render: (_value, _line, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '产线名称', dataIndex: 'lineName', key: 'lineName' },
    { title: '产线编号', dataIndex: 'lineNum', key: 'lineNum' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 120,
      render: (value: number) => <StatusTag status={value} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_value, line) => (
        // seed 000 §4: a stopped line can be edited and enabled; an enabled line can only be stopped.
        <Space size={4}>
          {line.status === 0 && canEdit && (
            <Button type="link" size="small" onClick={() => openDialog(line)}>
              编辑
            </Button>
          )}
          {line.status === 0 && canStart && (
            <Button type="link" size="small" onClick={() => void setLineStatus(line, 1)}>
              启用
            </Button>
          )}
          {line.status === 1 && canStop && (
            <Button type="link" size="small" danger onClick={() => void setLineStatus(line, 0)}>
              停用
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const factoryOptions = (factories.data ?? []).map((factory) => ({ value: factory.id, label: factory.factoryName }));

  return (
    <div className="production-line-page">
      <PageHeader
        title="产线管理"
        breadcrumb={['平台管理', '产线管理']}
        extra={
          <PermissionButton
            menuUrl={LINE_MENU}
            funCode="add"
            type="primary"
            disabled={factoryId === null}
            onClick={() => openDialog(null)}
          >
            新增
          </PermissionButton>
        }
      />
      <Card variant="borderless">
        <div className="production-line-page__filters">
          {factoryOptions.length > 1 && (
            <Select
              aria-label="工厂"
              className="production-line-page__factory"
              value={factoryId}
              options={factoryOptions}
              onChange={(value: number) => filter({ chosenFactoryId: value })}
            />
          )}
          <Input
            aria-label="产线名称或编号"
            className="production-line-page__search"
            placeholder="请输入产线名称或编号，回车搜索"
            prefix={<SearchOutlined />}
            maxLength={LINE_LIMITS.nameMax}
            allowClear
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              // Clearing the box (its × too) shows every line again without another Enter.
              if (event.target.value === '' && searchContext !== '') search('');
            }}
            onPressEnter={() => search(draft)}
          />
          <Select
            aria-label="状态"
            className="production-line-page__status"
            placeholder="全部状态"
            allowClear
            options={STATUS_OPTIONS}
            value={status}
            onChange={(value: number | undefined) => filter({ status: value })}
          />
        </div>
        <Table<ProductionLine>
          rowKey="id"
          columns={columns}
          dataSource={lines.data?.list ?? []}
          loading={factories.isLoading || lines.isFetching}
          pagination={pagination(lines.data?.total ?? 0)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无产线" /> }}
        />
      </Card>
      <LineFormDialog
        open={dialogOpen}
        factoryId={factoryId}
        line={editingLine}
        onClose={() => setDialogOpen(false)}
      />
    </div>
  );
}
