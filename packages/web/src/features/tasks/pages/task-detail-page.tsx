import { MENUS, TASK_LIMITS, type TaskDetail } from '@factory/contracts';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { taskNumberText } from '../../../components/task-number';
import { ApiError } from '../../../lib/api-client';
import { useQueryError } from '../../../lib/use-query-error';
import { useTaskDetail } from '../api/get-task-detail';
import { FlowTiles } from '../components/flow-tiles';
import { TaskStatusTag } from '../components/task-status-tag';
import { isOverdue, taskIdOf } from '../task-view';
import './task-detail-page.css';

const LIST_URL = MENUS.productionCenter;

/** 任务详情 (seed 000 §2): the task's summary and its flows as tiles, refreshed every 30 s. */
export function TaskDetailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const taskId = taskIdOf(searchParams);
  const back = () => void navigate(LIST_URL);

  return (
    <div className="task-detail-page">
      <PageHeader
        title="任务详情"
        breadcrumb={['产线检测', '任务详情']}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={back}>
            返回
          </Button>
        }
      />
      {taskId === null ? (
        <Card variant="borderless">
          <Result
            status="warning"
            title="未指定任务"
            subTitle="请从产线检测的任务列表点击“进入”打开任务详情"
            extra={<BackButton onClick={back} />}
          />
        </Card>
      ) : (
        <TaskDetailBody taskId={taskId} onBack={back} />
      )}
    </div>
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="primary" onClick={onClick}>
      返回任务列表
    </Button>
  );
}

function TaskDetailBody({ taskId, onBack }: { taskId: number; onBack: () => void }) {
  const detail = useTaskDetail(taskId);
  useQueryError(detail.error);

  if (!detail.data) {
    if (detail.isError) {
      const missing = detail.error instanceof ApiError && detail.error.status === 404;
      return (
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? '任务不存在' : '任务加载失败'}
            subTitle={missing ? '该任务不存在、已被删除或无权查看' : detail.error.message}
            extra={<BackButton onClick={onBack} />}
          />
        </Card>
      );
    }
    return (
      <Card variant="borderless">
        <Spin className="task-detail-page__loading" />
      </Card>
    );
  }

  const task = detail.data;
  return (
    <>
      <Card variant="borderless" size="small" title="任务信息">
        <TaskSummary task={task} />
      </Card>
      <Card
        variant="borderless"
        size="small"
        title={`流程（${task.flows.length}）`}
        extra={
          <div className="task-detail-page__refresh">
            <Typography.Text type="secondary">
              每{TASK_LIMITS.detailRefreshSeconds}秒自动刷新
            </Typography.Text>
            <Button
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              loading={detail.isFetching}
              onClick={() => void detail.refetch()}
            >
              刷新
            </Button>
          </div>
        }
      >
        <FlowTiles flows={task.flows} />
      </Card>
    </>
  );
}

function TaskSummary({ task }: { task: TaskDetail }) {
  const overdue = isOverdue(task);
  const items = [
    { key: 'id', label: '任务编号', children: taskNumberText(task.id) },
    { key: 'type', label: '产品类型', children: task.productTypeName },
    { key: 'number', label: '产品型号', children: task.number },
    {
      key: 'lines',
      label: '产线',
      children: (
        <span title={task.productLineCode}>
          {task.productionLineName}
          <Typography.Text type="secondary"> （{task.productLineCode}）</Typography.Text>
        </span>
      ),
    },
    { key: 'total', label: '生产总量', children: task.productionNumber },
    { key: 'finished', label: '完成数', children: task.finishNumber },
    { key: 'status', label: '状态', children: <TaskStatusTag status={task.status} /> },
    {
      key: 'expire',
      label: '截止时间',
      children: overdue ? (
        <Typography.Text type="danger">{task.expireTime} 已过期</Typography.Text>
      ) : (
        (task.expireTime ?? '—')
      ),
    },
    { key: 'created', label: '创建时间', children: task.createTime },
    { key: 'started', label: '开始时间', children: task.startTime ?? '—' },
  ];
  return <Descriptions size="small" column={3} items={items} />;
}
