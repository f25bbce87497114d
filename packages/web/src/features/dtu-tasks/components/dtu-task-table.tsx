import type { DtuTask, DtuTaskStatus } from '@factory/contracts';
import { Progress, Table, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import type { Paging } from '../../../lib/paging';
import { type DtuContext, dayOf } from '../dtu-tasks-view';
import { DtuTaskRowActions } from './dtu-task-row-actions';
import { DtuTaskStatusTag } from './dtu-task-status-tag';
import { DuplicateSwitch } from './duplicate-switch';

interface DtuTaskTableProps {
  tasks: DtuTask[];
  loading: boolean;
  paging: Paging;
  pagination: TablePaginationConfig;
  /** the name column's words: 任务名称, or 配件型号 on the rework page */
  nameLabel: string;
  context: DtuContext;
  empty: ReactNode;
  onEdit(task: DtuTask): void;
}

/** Progress as a whole percentage of the total, 0 with none. */
const percentOf = (done: number, total: number) => (total <= 0 ? 0 : Math.min(100, Math.floor((done / total) * 100)));

/** The tasks of a DTU (seed 002 §2): one line each at 1440 px, actions by status (§4). */
export function DtuTaskTable({ tasks, loading, paging, pagination, nameLabel, context, empty, onEdit }: DtuTaskTableProps) {
  const columns: TableColumnsType<DtuTask> = [
    {
      title: '序号',
      key: 'index',
      width: 52,
      render: (_value, _task, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: nameLabel, dataIndex: 'fittingType', key: 'fittingType', ellipsis: true },
    { title: '生产检测', dataIndex: 'productionLineName', key: 'productionLineName', width: 128, ellipsis: true },
    { title: '目标客户', dataIndex: 'aimProductLineName', key: 'aimProductLineName', width: 128, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 84,
      render: (status: DtuTaskStatus) => <DtuTaskStatusTag status={status} />,
    },
    {
      title: '进度',
      key: 'progress',
      width: 128,
      render: (_value, task) => (
        <div className="dtu-task-page__progress">
          <span>
            {task.finishNumber} / {task.productionNumber}
          </span>
          <Progress
            percent={percentOf(task.finishNumber, task.productionNumber)}
            showInfo={false}
            size="small"
            aria-label={`完成 ${task.finishNumber} / ${task.productionNumber}`}
          />
          <Typography.Text type="secondary" className="dtu-task-page__tested">
            已检测 {task.testedNumber}
          </Typography.Text>
        </div>
      ),
    },
    { title: '交货日期', key: 'expireTime', width: 104, render: (_value, task) => dayOf(task.expireTime) },
    {
      title: '固件版本',
      dataIndex: 'testFirmwareVersion',
      key: 'testFirmwareVersion',
      width: 88,
      ellipsis: true,
      render: (version: string) => version || '-',
    },
    { title: '重复检测', key: 'duplicateEnable', width: 84, render: (_value, task) => <DuplicateSwitch task={task} /> },
    { title: '数据下发', key: 'needExcel', width: 80, render: (_value, task) => (task.needExcel ? '是' : '否') },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 104,
      render: (time: string) => <TwoLineTime time={time} />,
    },
    {
      title: '操作',
      key: 'actions',
      // the widest row (a stopped task: 编辑 开始 任务进度 看板 更多) on one line
      width: 236,
      render: (_value, task) => <DtuTaskRowActions task={task} context={context} onEdit={onEdit} />,
    },
  ];

  return (
    <Table<DtuTask>
      rowKey="id"
      columns={columns}
      dataSource={tasks}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: empty }}
      tableLayout="fixed"
      size="middle"
    />
  );
}

/** Date over time, so the column stays narrow. */
function TwoLineTime({ time }: { time: string }) {
  const [date, clock] = time.split(' ');
  return (
    <div className="dtu-task-page__time">
      <span>{date}</span>
      {clock && <Typography.Text type="secondary">{clock}</Typography.Text>}
    </div>
  );
}
