import { MENUS, type RoleRow } from '@factory/contracts';
import { Card, Empty, Input, Select, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PermissionButton } from '../../../components/permission-button';
import { STATUS_OPTIONS, StatusTag } from '../../../components/status-tag';
import { useListState } from '../../../lib/use-list-state';
import { useRoles } from '../api/get-roles';
import type { RoleListQuery } from '../api/role-keys';
import { RoleActions } from '../components/role-actions';
import { RoleDrawer } from '../components/role-drawer';
import { useQueryError } from '../../../lib/use-query-error';
import './role-page.css';

/** The filters of the list (of its query); the status as the select holds it. */
type RoleFilters = Pick<RoleListQuery, 'roleName'> & { status?: number };

interface DrawerState {
  open: boolean;
  /** a new panel (and form) for every opening, so one user's values never carry over to the next */
  session: number;
  /** null: adding a role */
  roleId: number | null;
}

const BREADCRUMB = ['平台管理', '系统管理', '角色列表'] as const;

/** /role 角色列表 (seed 000 §2, §4, §6). */
export function RolePage() {
  const { filters, filter, paging, setPaging, pagination } = useListState<RoleFilters>({});
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, session: 0, roleId: null });
  const roles = useRoles({ ...paging, ...filters });
  useQueryError(roles.error);

  const rows = roles.data?.list ?? [];
  const total = roles.data?.total ?? 0;
  // Deleting the last row of the last page leaves an empty page: step back to the last one that has rows.
  useEffect(() => {
    if (roles.data && roles.data.list.length === 0 && paging.page > 1 && total > 0) {
      setPaging((current) => ({ ...current, page: Math.max(1, Math.ceil(total / current.pageSize)) }));
    }
  }, [roles.data, paging.page, total, setPaging]);

  const openDrawer = (roleId: number | null) =>
    setDrawer((current) => ({ open: true, session: current.session + 1, roleId }));

  const columns: TableColumnsType<RoleRow> = [
    {
      title: '序号',
      key: 'index',
      width: 72,
      render: (_value, _row, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '角色名', dataIndex: 'roleName', key: 'roleName' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', width: 200 },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (status: number) => <StatusTag status={status} /> },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_value, role) => <RoleActions role={role} onEdit={openDrawer} />,
    },
  ];

  return (
    <div className="role-page">
      <PageHeader
        title="角色列表"
        breadcrumb={BREADCRUMB}
        extra={
          <PermissionButton
            menuUrl={MENUS.role}
            funCode="add"
            type="primary"
            onClick={() => openDrawer(null)}
          >
            新增
          </PermissionButton>
        }
      />
      <Card>
        <div className="role-page__toolbar">
          <Input.Search
            aria-label="搜索角色名"
            placeholder="请输入角色名，回车搜索"
            allowClear
            className="role-page__search"
            onSearch={(value) => filter({ roleName: value.trim() || undefined })}
          />
          <Select
            aria-label="状态"
            placeholder="全部状态"
            allowClear
            className="role-page__status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status?: number) => filter({ status })}
          />
        </div>
        <Table<RoleRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={roles.isFetching}
          pagination={pagination(total)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无角色" /> }}
        />
      </Card>
      <RoleDrawer
        key={drawer.session}
        open={drawer.open}
        roleId={drawer.roleId}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
