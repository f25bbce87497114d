import { ACCESSORY_LIMITS, ACCESSORY_MSG, DTU_STATUS, type Dtu } from '@factory/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListEmpty } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { runWithFeedback } from '../../../lib/api-client';
import { useQueryError } from '../../../lib/use-query-error';
import { useArchiveModuleDtu } from '../api/archive-module-dtu';
import type { ModuleDtuListQuery } from '../api/communication-keys';
import { useModuleDtus } from '../api/get-module-dtus';
import { dtuTaskUrl } from '../communication-view';
import { useUrlListState } from '../../../lib/use-url-list-state';
import { ModuleDtuDrawer } from './module-dtu-drawer';
import './module-dtu-table.css';

const NO_FILTERS = { dtuType: '' };

/** A stored file as a link that opens it in a new window (seed 002 §7), or a dash. */
function FileLink({ url, name }: { url: string | null; name: string | null }) {
  if (!url) return <span className="module-dtu-table__none">-</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={name ?? url}>
      {name || '下载'}
    </a>
  );
}

/**
 * The DTUs of one module (seed 002 §2): searched by model, paged 10/20/50, each with
 * its three files, edit, archive and the way to its tasks. The module pages show no
 * button permission here (seed 002 §6): holding the menu is enough.
 */
export function ModuleDtuTable({ communicationPartId }: { communicationPartId: number }) {
  const { modal } = App.useApp();
  const { filters, filter, draft, setDraft, paging, pagination } = useUrlListState(NO_FILTERS, 'dtuType');
  const query: ModuleDtuListQuery = useMemo(
    () => ({ communicationPartId, dtuType: filters.dtuType || undefined, page: paging.page, pageSize: paging.pageSize }),
    [communicationPartId, filters.dtuType, paging],
  );
  const dtus = useModuleDtus(query);
  useQueryError(dtus.error);
  const archive = useArchiveModuleDtu();

  const [drawerOpen, setDrawerOpen] = useState(false);
  // Kept after closing, so the panel keeps its title while it slides away.
  const [editing, setEditing] = useState<Dtu | null>(null);
  const openDrawer = (dtu: Dtu | null) => {
    setEditing(dtu);
    setDrawerOpen(true);
  };

  const confirmArchive = (dtu: Dtu) =>
    modal.confirm({
      title: '提示',
      content: ACCESSORY_MSG.dtuArchiveConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => archive.mutateAsync(dtu.id), ACCESSORY_MSG.archived('DTU')),
    });

  const columns: TableColumnsType<Dtu> = [
    {
      title: '序号',
      key: 'index',
      width: 64,
      render: (_value, _dtu, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: 'DTU型号', dataIndex: 'dtuType', key: 'dtuType', ellipsis: true },
    {
      title: 'BOM清单',
      key: 'bomList',
      ellipsis: true,
      render: (_value, dtu) => <FileLink url={dtu.bomListFileUrl} name={dtu.bomListOriginName} />,
    },
    {
      title: '生产文件',
      key: 'productFile',
      ellipsis: true,
      render: (_value, dtu) => <FileLink url={dtu.productFileUrl} name={dtu.productFileOriginName} />,
    },
    {
      title: '其他要求',
      key: 'otherRequest',
      ellipsis: true,
      render: (_value, dtu) => <FileLink url={dtu.otherRequestFileUrl} name={dtu.otherRequestFileOriginName} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (status: number) => (status === DTU_STATUS.enabled ? <Tag color="green">启用</Tag> : <Tag>已归档</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      // seed 002 §4: only an enabled DTU is edited, archived or given tasks
      render: (_value, dtu) =>
        dtu.status === DTU_STATUS.enabled && (
          <Space size={4} className="module-dtu-table__actions">
            <Button type="link" size="small" onClick={() => openDrawer(dtu)}>
              编辑
            </Button>
            <Button type="link" size="small" danger onClick={() => confirmArchive(dtu)}>
              归档
            </Button>
            <Link to={dtuTaskUrl(dtu, 'no')}>任务列表</Link>
            <Link to={dtuTaskUrl(dtu, 'yes')}>新建任务</Link>
          </Space>
        ),
    },
  ];

  return (
    <Card
      variant="borderless"
      size="small"
      title="DTU列表"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDrawer(null)}>
          新增DTU
        </Button>
      }
    >
      <div className="module-dtu-table__filters">
        <SearchQuery
          label="DTU型号"
          className="module-dtu-table__search"
          maxLength={ACCESSORY_LIMITS.dtuTypeMax}
          draft={draft}
          onDraftChange={setDraft}
          searched={filters.dtuType}
          onSearch={(dtuType) => filter({ dtuType })}
        />
      </div>
      <Table<Dtu>
        rowKey="id"
        columns={columns}
        dataSource={dtus.data?.list ?? []}
        loading={dtus.isFetching}
        pagination={pagination(dtus.data?.total ?? 0)}
        locale={{ emptyText: <ListEmpty failed={dtus.isError} what="DTU" onRetry={() => void dtus.refetch()} /> }}
        scroll={{ x: 'max-content' }}
      />
      <ModuleDtuDrawer
        open={drawerOpen}
        communicationPartId={communicationPartId}
        dtu={editing}
        onClose={() => setDrawerOpen(false)}
      />
    </Card>
  );
}
