import { isTaskStatusIn, TASK_TRANSITIONS } from '@factory/contracts';
import { Card, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useQueryError } from '../../../lib/use-query-error';
import { useTaskEditData } from '../api/get-task-edit-data';
import { BasicInfoForm } from '../components/basic-info-form';
import { TaskFormResult } from '../components/task-form-result';
import { TaskSteps } from '../components/task-steps';
import { flowInfoUrl, taskIdParam } from '../task-form-view';
import './task-form-page.css';

/** /basicInfo (optional ?id): step 1, 新建任务, or 修改任务 of an existing task (seed 000 §2). */
export function BasicInfoPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const param = taskIdParam(searchParams);
  const taskId = param.kind === 'id' ? param.id : null;
  const editData = useTaskEditData(taskId);
  useQueryError(editData.error);
  const task = editData.data ?? null;
  // Only a NEW or UNSTART task has its basics edited; any other goes to its terminals.
  const basicsLocked = task !== null && !isTaskStatusIn(task.status, TASK_TRANSITIONS.editBasics);

  useEffect(() => {
    if (task && basicsLocked) void navigate(flowInfoUrl(task.id, task.productionLineIds), { replace: true });
  }, [task, basicsLocked, navigate]);

  const title = param.kind === 'none' ? '新建任务' : '修改任务';
  let body;
  if (param.kind === 'invalid') {
    body = <TaskFormResult title="任务编号不正确" subTitle="请从产线检测的任务列表进入" />;
  } else if (param.kind === 'id' && editData.isError) {
    body = <TaskFormResult title="任务加载失败" subTitle="该任务不存在或无权查看，请返回任务列表" />;
  } else if (param.kind === 'id' && (!task || basicsLocked)) {
    body = (
      <>
        <TaskSteps current={0} />
        <Spin className="task-form-page__loading" />
      </>
    );
  } else {
    body = (
      <>
        <TaskSteps current={0} />
        <BasicInfoForm key={task?.id ?? 'new'} task={task} />
      </>
    );
  }

  return (
    <div className="task-form-page">
      <PageHeader title={title} breadcrumb={['产线检测', title]} />
      <Card variant="borderless">
        {body}
      </Card>
    </div>
  );
}
