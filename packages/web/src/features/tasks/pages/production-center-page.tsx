import { TASK_STATUS_NAMES, TASK_STATUSES, type Task, type TaskStatus } from '@factory/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Progress, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PermissionButton } from '../../../components/permission-button';
import { SearchQuery } from '../../../components/search-query';
import { taskNumberText } from '../../../components/task-number';
import { lookupOptions, useProductLookup } from '../../../components/lookup-lists';
import { useHasFun } from '../../../lib/session-store';
import { useListState } from '../../../lib/use-list-state';
import { useQueryError } from '../../../lib/use-query-error';
import { useTasks } from '../api/get-tasks';
import type { TaskListQuery } from '../api/task-keys';
import { TaskRowActions, useTaskButtons } from '../components/task-row-actions';
import { TaskStatusTag } from '../components/task-status-tag';
import { isOverdue, percentOf, TASK_MENU } from '../task-view';
import './production-center-page.css';

const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_NAMES[status] }));
const SEARCH_MAX = 32;

interface Filters {
  productTypeId?: number;
  status?: TaskStatus;
  text: string;
}

const NO_FILTERS: Filters = { text: '' };

/** 产线检测 (seed 000 §2): the tasks, filtered by product type, status and model or line code, paged 10/20/50. */
export function ProductionCenterPage() {
  const navigate = useNavigate();
  const { filters, filter: filterBy, draft, setDraft, paging, setPaging, reset: resetList, pagination } = useListState(NO_FILTERS);

  const query: TaskListQuery = useMemo(
    () => ({
      page: paging.page,
      pageSize: paging.pageSize,
      productTypeId: filters.productTypeId,
      status: filters.status,
      productNumberOrProductLineCode: filters.text || undefined,
    }),
    [filters, paging],
  );
  const tasks = useTasks(query);
  const productTypes = useProductLookup('productTypes');
  useQueryError(tasks.error ?? productTypes.error);
  const can = useTaskButtons();
  const canAdd = useHasFun(TASK_MENU, 'add');
  const addTask = () => void navigate('/basicInfo');

  // 重置 clears the filters and the search box and goes back to page 1, keeping the page size.
  const reset = () => {
    resetList();
    setPaging({ ...paging, page: 1 });
  };

  const columns: TableColumnsType<Task> = [
    {
      // The task's own number, as the trace, the board and the code export name it; not the row's position.
      title: '任务编号',
      dataIndex: 'id',
      key: 'id',
      // Room for the header; the freed width goes to the model, whole at 1366 px (issue 13).
      width: 80,
      render: (id: number) => taskNumberText(id),
    },
    { title: '产品类型', dataIndex: 'productTypeName', key: 'productTypeName', width: 96, ellipsis: true },
    { title: '产品型号', dataIndex: 'number', key: 'number', ellipsis: true },
    {
      title: '产线',
      key: 'lines',
      ellipsis: true,
      render: (_value, task) => (
        <div className="production-center-page__lines">
          <span title={task.productionLineName}>{task.productionLineName}</span>
          <Typography.Text type="secondary" className="production-center-page__codes" title={task.productLineCode}>
            {task.productLineCode}
          </Typography.Text>
        </div>
      ),
    },
    { title: '生产总量', dataIndex: 'productionNumber', key: 'productionNumber', width: 80, align: 'right' },
    {
      title: '完成数',
      key: 'finishNumber',
      width: 112,
      render: (_value, task) => (
        <div className="production-center-page__progress">
          <span>
            {task.finishNumber} / {task.productionNumber}
          </span>
          <Progress
            percent={percentOf(task.finishNumber, task.productionNumber)}
            showInfo={false}
            size="small"
            aria-label={`完成 ${task.finishNumber} / ${task.productionNumber}`}
          />
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 84,
      render: (status: TaskStatus) => <TaskStatusTag status={status} />,
    },
    {
      title: '截止时间',
      key: 'expireTime',
      width: 108,
      render: (_value, task) => <ExpireTime task={task} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 108,
      render: (time: string) => <TwoLineTime time={time} />,
    },
    {
      title: '操作',
      key: 'actions',
      // The widest row (a stopped task: 进入 编辑 开始 生产记录 导出生产码 更多) on one line.
      width: 340,
      render: (_value, task) => <TaskRowActions task={task} can={can} />,
    },
  ];

  const empty = tasks.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="任务加载失败">
      <Button onClick={() => void tasks.refetch()}>重试</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务">
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={addTask}>
          新增任务
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="production-center-page">
      <PageHeader
        title="产线检测"
        breadcrumb={['生产中心', '产线检测']}
        extra={
          <PermissionButton menuUrl={TASK_MENU} funCode="add" type="primary" icon={<PlusOutlined aria-hidden />} onClick={addTask}>
            新增任务
          </PermissionButton>
        }
      />
      <Card variant="borderless">
        <div className="production-center-page__filters">
          <Select
            aria-label="产品类型"
            className="production-center-page__select"
            placeholder="产品类型"
            allowClear
            value={filters.productTypeId}
            options={lookupOptions(productTypes.data)}
            loading={productTypes.isLoading}
            onChange={(value?: number) => filterBy({ productTypeId: value })}
          />
          <Select
            aria-label="状态"
            className="production-center-page__select"
            placeholder="状态"
            allowClear
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(value?: TaskStatus) => filterBy({ status: value })}
          />
          <SearchQuery
            label="产品型号/产线编号"
            className="production-center-page__search"
            maxLength={SEARCH_MAX}
            draft={draft}
            onDraftChange={setDraft}
            searched={filters.text}
            onSearch={(text) => filterBy({ text })}
          />
          <Button onClick={reset}>重置</Button>
        </div>
        <Table<Task>
          rowKey="id"
          columns={columns}
          dataSource={tasks.data?.list ?? []}
          loading={tasks.isFetching}
          pagination={pagination(tasks.data?.total ?? 0)}
          locale={{ emptyText: empty }}
          tableLayout="fixed"
          // Ten columns at 1366 px: the narrower cell padding leaves the model and the lines room to be read.
          size="middle"
        />
      </Card>
    </div>
  );
}

/** Date over time, so the column stays narrow. */
function TwoLineTime({ time }: { time: string }) {
  const [date, clock] = time.split(' ');
  return (
    <div className="production-center-page__time">
      <span>{date}</span>
      {clock && <Typography.Text type="secondary">{clock}</Typography.Text>}
    </div>
  );
}

function ExpireTime({ task }: { task: Task }) {
  if (!task.expireTime) return <Typography.Text type="secondary">—</Typography.Text>;
  if (!isOverdue(task)) return <TwoLineTime time={task.expireTime} />;
  const [date] = task.expireTime.split(' ');
  return (
    <div className="production-center-page__time production-center-page__time--overdue" title={task.expireTime}>
      <span>{date}</span>
      <Tag color="error" className="production-center-page__overdue">
        已过期
      </Tag>
    </div>
  );
}
