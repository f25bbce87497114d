import { MENUS, type UserRow } from '@factory/contracts';
import { Card, Empty, Input, Select, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PermissionButton } from '../../../components/permission-button';
import { STATUS_OPTIONS, StatusTag } from '../../../components/status-tag';
import { useListState } from '../../../lib/use-list-state';
import { useUsers } from '../api/get-users';
import type { UserListQuery } from '../api/user-keys';
import { UserActions } from '../components/user-actions';
import { UserDrawer } from '../components/user-drawer';
import { useQueryError } from '../../../lib/use-query-error';
import './account-page.css';

/** The filters of the list (of its query); the status as the select holds it. */
type UserFilters = Pick<UserListQuery, 'userName'> & { status?: number };

interface DrawerState {
  open: boolean;
  /** a new panel (and form) for every opening, so one user's values never carry over to the next */
  session: number;
  /** null: adding a user */
  userId: number | null;
}

const BREADCRUMB = ['平台管理', '系统管理', '用户列表'] as const;

/** /account 用户列表 (seed 000 §2, §4, §6). */
export function AccountPage() {
  const { filters, filter, paging, setPaging, pagination } = useListState<UserFilters>({});
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, session: 0, userId: null });
  const users = useUsers({ ...paging, ...filters });
  useQueryError(users.error);

  const rows = users.data?.list ?? [];
  const total = users.data?.total ?? 0;
  // Deleting the last row of the last page leaves an empty page: step back to the last one that has rows.
  useEffect(() => {
    if (users.data && users.data.list.length === 0 && paging.page > 1 && total > 0) {
      setPaging((current) => ({ ...current, page: Math.max(1, Math.ceil(total / current.pageSize)) }));
    }
  }, [users.data, paging.page, total, setPaging]);

  const openDrawer = (userId: number | null) =>
    setDrawer((current) => ({ open: true, session: current.session + 1, userId }));

  const columns: TableColumnsType<UserRow> = [
    {
      title: '序号',
      key: 'index',
      width: 72,
      render: (_value, _row, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '用户名', dataIndex: 'userName', key: 'userName' },
    { title: '角色', dataIndex: 'roleName', key: 'roleName', render: (name: string | null) => name ?? '-' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', width: 200 },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (status: number) => <StatusTag status={status} /> },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_value, user) => <UserActions user={user} onEdit={openDrawer} />,
    },
  ];

  return (
    <div className="account-page">
      <PageHeader
        title="用户列表"
        breadcrumb={BREADCRUMB}
        extra={
          <PermissionButton
            menuUrl={MENUS.account}
            funCode="add"
            type="primary"
            onClick={() => openDrawer(null)}
          >
            新增
          </PermissionButton>
        }
      />
      <Card>
        <div className="account-page__toolbar">
          <Input.Search
            aria-label="搜索用户名"
            placeholder="请输入用户名，回车搜索"
            allowClear
            className="account-page__search"
            onSearch={(value) => filter({ userName: value.trim() || undefined })}
          />
          <Select
            aria-label="状态"
            placeholder="全部状态"
            allowClear
            className="account-page__status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status?: number) => filter({ status })}
          />
        </div>
        <Table<UserRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={users.isFetching}
          pagination={pagination(total)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无用户" /> }}
        />
      </Card>
      <UserDrawer
        key={drawer.session}
        open={drawer.open}
        userId={drawer.userId}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
