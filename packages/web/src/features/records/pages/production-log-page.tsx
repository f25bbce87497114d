import { RECORD_LIMITS, type ProductionRecord, type TestStatus } from '@factory/contracts';
import { App, Button, Card, DatePicker, Select, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListEmpty, MissingQuery } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { ApiError, showApiError } from '../../../lib/api-client';
import type { Paging } from '../../../lib/paging';
import { useListState } from '../../../lib/use-list-state';
import { useQueryError } from '../../../lib/use-query-error';
import { useExportRecord } from '../api/export-record';
import { EXPORT_CANCELLED, useExportRecordList } from '../api/export-record-list';
import { useRecords } from '../api/get-records';
import { useRecordTask } from '../api/get-record-task';
import type { RecordExportQuery, RecordListQuery } from '../api/record-keys';
import { RecordExportProgress } from '../components/record-export-progress';
import { FlowResultTag, TestStatusTag } from '../components/record-status-tag';
import { RecordsHeader } from '../components/records-header';
import {
  afterToday,
  flowColumnsOf,
  idParam,
  rangeParams,
  RECORD_MENU,
  recordUrls,
  TEST_STATUS_NAMES,
} from '../record-view';
import './production-log-page.css';

const STATUS_OPTIONS = (['PASS', 'NOT_PASS'] as const).map((status) => ({ value: status, label: TEST_STATUS_NAMES[status] }));
const FIRST: Paging = { page: 1, pageSize: RECORD_LIMITS.pageSizes[0] };
const SEARCH_MAX = 64;

interface Filters {
  testStatus?: TestStatus;
  range: [Dayjs, Dayjs] | null;
  text: string;
}

const NO_FILTERS: Filters = { range: null, text: '' };

/**
 * A move of one page from the page shown: the list call asks for the page next to that page's last
 * (or first) record instead of skipping the records before it (issue 19), so page 5,000 costs what
 * page 2 does. It holds only for the filters and page it was made for; any other move is by number.
 */
interface PageCursor {
  filtered: RecordExportQuery;
  page: number;
  pageSize: number;
  after?: string;
  before?: string;
}

/** 生产记录 (seed 000 §2): the tested devices of a task, filtered by status, first-test date and code. */
export function ProductionLogPage() {
  const [searchParams] = useSearchParams();
  const taskId = idParam(searchParams, 'id');
  return (
    <div className="production-log-page">
      <RecordsHeader title="生产记录" backTo={RECORD_MENU} />
      {taskId === null ? (
        <MissingQuery
          title="未指定任务"
          hint="请从产线检测的任务列表点击“生产记录”打开"
          backTo={RECORD_MENU}
          backLabel="返回任务列表"
        />
      ) : (
        <RecordTable taskId={taskId} />
      )}
    </div>
  );
}

function RecordTable({ taskId }: { taskId: number }) {
  const navigate = useNavigate();
  const { filters, filter: filterBy, draft, setDraft, paging, pagination } = useListState<Filters>(NO_FILTERS, FIRST);

  const { message } = App.useApp();
  const filtered: RecordExportQuery = useMemo(
    () => ({ taskId, testStatus: filters.testStatus, ...rangeParams(filters.range), searchText: filters.text || undefined }),
    [taskId, filters],
  );
  const [cursor, setCursor] = useState<PageCursor | null>(null);
  const query: RecordListQuery = useMemo(() => {
    const keyset = cursor?.filtered === filtered && cursor.page === paging.page && cursor.pageSize === paging.pageSize ? cursor : null;
    return {
      ...filtered,
      page: paging.page,
      pageSize: paging.pageSize,
      ...(keyset?.after ? { after: keyset.after } : keyset?.before ? { before: keyset.before } : {}),
    };
  }, [filtered, paging, cursor]);
  const records = useRecords(query);
  useQueryError(records.error);
  // Its failure shows nowhere: the columns then come from the records alone.
  const task = useRecordTask(taskId);
  const exporting = useExportRecord();

  // Back to no filter on page 1, keeping the page size (useListState's reset would restore it too).
  const reset = () => {
    setDraft('');
    filterBy({ ...NO_FILTERS, testStatus: undefined });
  };
  const exportOne = (code: string) => exporting.mutate(code, { onError: showApiError });
  const exportingList = useExportRecordList();
  // The filters as applied to the list (not a search still being typed), every page.
  const exportList = () =>
    exportingList.mutate(filtered, {
      onSuccess: ({ records }) => void message.success(records === null ? '导出完成' : `已导出 ${records} 条记录`),
      onError: (error) => {
        if (error instanceof ApiError && error.message === EXPORT_CANCELLED) void message.info(EXPORT_CANCELLED);
        else showApiError(error);
      },
    });

  const rows = records.data?.data ?? [];
  const answer = records.data;
  const capped = answer?.totalCapped === true;
  const basePaging = pagination(answer?.totalRecord ?? 0, RECORD_LIMITS.pageSizes);
  const paginationConfig: TablePaginationConfig = {
    ...basePaging,
    // Past the cap the total is unknown: the pager offers the next page while records follow.
    total:
      answer && capped
        ? Math.max(answer.totalRecord, answer.hasMore ? paging.page * paging.pageSize + 1 : (paging.page - 1) * paging.pageSize + answer.data.length)
        : basePaging.total,
    showTotal: (count) => (answer && capped ? `共 ${answer.totalRecord.toLocaleString('en')}+ 条` : `共 ${count} 条`),
    onChange: (page, pageSize) => {
      // Only from the page actually shown (not the previous one kept while the next loads).
      const shown = answer && !records.isPlaceholderData && answer.page === paging.page && pageSize === paging.pageSize && page > 1;
      if (shown && page === paging.page + 1 && answer.lastCursor) setCursor({ filtered, page, pageSize, after: answer.lastCursor });
      else if (shown && page === paging.page - 1 && answer.firstCursor) setCursor({ filtered, page, pageSize, before: answer.firstCursor });
      basePaging.onChange?.(page, pageSize);
    },
  };
  const flows = flowColumnsOf(rows, task.data?.flows ?? []);
  const columns: TableColumnsType<ProductionRecord> = [
    { title: '生产码', dataIndex: 'id', key: 'id', width: 136, fixed: 'left', ellipsis: true },
    { title: 'SN', dataIndex: 'deviceSn', key: 'deviceSn', width: 144, ellipsis: true, render: orDash },
    { title: 'MAC', dataIndex: 'deviceMac', key: 'deviceMac', width: 156, ellipsis: true, render: orDash },
    { title: '检测时间', dataIndex: 'createTime', key: 'createTime', width: 170 },
    {
      title: '检测状态',
      dataIndex: 'testStatus',
      key: 'testStatus',
      width: 90,
      render: (status: TestStatus | null) => <TestStatusTag status={status} />,
    },
    { title: '产线', dataIndex: 'productionLineCode', key: 'productionLineCode', width: 112, ellipsis: true },
    ...flows.map(
      (flow): TableColumnsType<ProductionRecord>[number] => ({
        title: flow.name,
        key: `flow-${flow.id}`,
        width: 100,
        ellipsis: true,
        render: (_value, record) => (
          <FlowResultTag status={record.flows.find((each) => each.id === flow.id)?.runtimeTaskResultEntity?.status} />
        ),
      }),
    ),
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_value, record) => (
        <div className="production-log-page__actions">
          <Button type="link" size="small" onClick={() => void navigate(recordUrls.logDetail(taskId, record.id))}>
            详情
          </Button>
          <Button
            type="link"
            size="small"
            loading={exporting.isPending && exporting.variables === record.id}
            onClick={() => exportOne(record.id)}
          >
            导出
          </Button>
        </div>
      ),
    },
  ];

  const empty = <ListEmpty failed={records.isError} what="生产记录" onRetry={() => void records.refetch()} />;

  return (
    <Card variant="borderless">
      <div className="production-log-page__filters">
        <Select
          aria-label="检测状态"
          className="production-log-page__select"
          placeholder="检测状态"
          allowClear
          value={filters.testStatus}
          options={STATUS_OPTIONS}
          onChange={(value?: TestStatus) => filterBy({ testStatus: value })}
        />
        <DatePicker.RangePicker
          aria-label="检测日期"
          disabledDate={afterToday}
          value={filters.range}
          onChange={(range) => filterBy({ range: range?.[0] && range[1] ? [range[0], range[1]] : null })}
        />
        <SearchQuery
          label="生产码/SN/MAC"
          className="production-log-page__search"
          maxLength={SEARCH_MAX}
          draft={draft}
          onDraftChange={setDraft}
          searched={filters.text}
          onSearch={(text) => filterBy({ text })}
        />
        <Button onClick={reset}>重置</Button>
        <Button
          title="按当前筛选条件导出全部页的记录"
          loading={exportingList.isPending}
          disabled={!records.data?.totalRecord}
          onClick={exportList}
        >
          导出列表
        </Button>
      </div>
      {exportingList.progress && <RecordExportProgress progress={exportingList.progress} onCancel={exportingList.cancel} />}
      <Table<ProductionRecord>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={records.isFetching}
        pagination={paginationConfig}
        locale={{ emptyText: empty }}
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

function orDash(text: string | null) {
  return text || '—';
}
