import { APP_MENU_MARK, type MenuTreeNode } from '@factory/contracts';
import { Card, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo } from 'react';
import { PageHeader } from '../../../components/page-header';
import { showApiError } from '../../../lib/api-client';
import { PAGE_SIZES } from '../../../lib/paging';
import { useMenuTree } from '../api/get-menu-tree';

/** A tree-table row: no `children` on a leaf, so antd draws no expand button there. */
export interface MenuRow extends Omit<MenuTreeNode, 'children'> {
  /** a level-1 menu holding the station app's permissions (its name contains APP) */
  app: boolean;
  children?: MenuRow[];
}

const GROUP_URL = '/';
const BREADCRUMB = ['平台管理', '系统管理', '菜单列表'] as const;

export function menuRows(nodes: readonly MenuTreeNode[]): MenuRow[] {
  return nodes.map(({ children, ...node }) => ({
    ...node,
    app: node.level === 1 && node.name.includes(APP_MENU_MARK),
    children: children.length > 0 ? menuRows(children) : undefined,
  }));
}

const columns: TableColumnsType<MenuRow> = [
  {
    title: '菜单名称',
    dataIndex: 'name',
    key: 'name',
    render: (name: string, row) => (
      <Space size={6}>
        <span>{name}</span>
        {row.app && <Tag color="purple">终端应用</Tag>}
      </Space>
    ),
  },
  {
    title: '类型',
    dataIndex: 'type',
    key: 'type',
    width: 100,
    render: (type: 0 | 1) => (type === 1 ? <Tag color="orange">按钮</Tag> : <Tag color="blue">菜单</Tag>),
  },
  {
    title: '地址',
    dataIndex: 'url',
    key: 'url',
    // A group only holds pages, and a button acts on its page's address, so neither has one of its own.
    render: (url: string, row) => (row.type === 1 || url === GROUP_URL ? '-' : url),
  },
  { title: '功能码', dataIndex: 'funCode', key: 'funCode', width: 160, render: (code: string | null) => code ?? '-' },
  { title: '排序', dataIndex: 'sequence', key: 'sequence', width: 90 },
  { title: '层级', dataIndex: 'level', key: 'level', width: 90 },
];

/** /menu 菜单列表: the whole menu tree, read only. */
export function MenuPage() {
  const menuTree = useMenuTree();
  useEffect(() => {
    if (menuTree.error) showApiError(menuTree.error);
  }, [menuTree.error]);

  const rows = useMemo(() => menuRows(menuTree.data ?? []), [menuTree.data]);
  // Opened down to level 2: the level-1 groups show their pages, pages keep their buttons folded.
  const expanded = useMemo(() => rows.filter((row) => row.children).map((row) => row.id), [rows]);

  return (
    <div className="menu-page">
      <PageHeader title="菜单列表" breadcrumb={BREADCRUMB} />
      <Card>
        <Table<MenuRow>
          // Remounted once the rows arrive, so the default expansion applies to them.
          key={expanded.join(',')}
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={menuTree.isFetching}
          expandable={{ defaultExpandedRowKeys: expanded }}
          pagination={{
            defaultPageSize: PAGE_SIZES[0],
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => `共 ${count} 个一级菜单`,
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无菜单" /> }}
        />
      </Card>
    </div>
  );
}
