import { Card, Spin } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useQueryError } from '../../../lib/use-query-error';
import { usePads } from '../api/get-pads';
import { useTaskEditData } from '../api/get-task-edit-data';
import { FlowTerminalForm } from '../components/flow-terminal-form';
import { TaskFormResult } from '../components/task-form-result';
import { TaskSteps } from '../components/task-steps';
import { lineIdsOf, taskIdParam } from '../task-form-view';
import './task-form-page.css';

const TITLE = '终端设置';

/** /flowInfo?id&productionLineIds: step 2, the terminals of each flow of the task (seed 000 §2). */
export function FlowInfoPage() {
  const [searchParams] = useSearchParams();
  const param = taskIdParam(searchParams);
  const taskId = param.kind === 'id' ? param.id : null;
  const editData = useTaskEditData(taskId);
  const task = editData.data ?? null;
  const urlLineIds = searchParams.get('productionLineIds');
  // The URL names the lines step 1 chose; a bare ?id (a bookmark) falls back to the task's own.
  const lineIds = useMemo(() => {
    const fromUrl = lineIdsOf(urlLineIds);
    return fromUrl.length > 0 ? fromUrl : (task?.productionLineIds ?? []);
  }, [urlLineIds, task]);
  const pads = usePads(task ? task.id : null, lineIds);
  useQueryError(editData.error ?? pads.error);

  let body;
  if (param.kind !== 'id') {
    body = <TaskFormResult title="未指定任务" subTitle="请从产线检测的任务列表进入终端设置" />;
  } else if (editData.isError) {
    body = <TaskFormResult title="任务加载失败" subTitle="该任务不存在或无权查看，请返回任务列表" />;
  } else if (pads.isError) {
    body = <TaskFormResult title="终端加载失败" subTitle="请稍后重试，或返回任务列表" />;
  } else if (!task || (lineIds.length > 0 && !pads.data)) {
    body = (
      <>
        <TaskSteps current={1} />
        <Spin className="task-form-page__loading" />
      </>
    );
  } else {
    body = (
      <>
        <TaskSteps current={1} />
        <FlowTerminalForm key={task.id} task={task} pads={pads.data ?? []} />
      </>
    );
  }

  return (
    <div className="task-form-page">
      <PageHeader title={TITLE} breadcrumb={['产线检测', TITLE]} />
      <Card variant="borderless">
        {body}
      </Card>
    </div>
  );
}
