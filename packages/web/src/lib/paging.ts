import type { TablePaginationConfig } from 'antd';

/** Page sizes of the line, user, role, task and record lists (seed 000 §9). */
export const PAGE_SIZES = [10, 20, 50] as const;

export interface Paging {
  page: number;
  pageSize: number;
}

export const FIRST_PAGE: Paging = { page: 1, pageSize: PAGE_SIZES[0] };

/** antd Table pagination for a server-paged list answered as { list, total }. */
export function tablePagination(
  paging: Paging,
  total: number,
  onChange: (next: Paging) => void,
  sizes: readonly number[] = PAGE_SIZES,
): TablePaginationConfig {
  return {
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: sizes.map(String),
    showTotal: (count) => `共 ${count} 条`,
    onChange: (page, pageSize) => onChange({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
  };
}
