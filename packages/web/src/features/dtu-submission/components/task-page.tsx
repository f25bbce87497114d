import type { DtuTask } from '@factory/contracts';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MissingQuery } from '../../../components/page-result';
import { TrailPageHeader } from '../../../components/trail-page-header';
import { useQueryError } from '../../../lib/use-query-error';
import { useDtuTask } from '../api/get-dtu-task';
import { idParam, isRework, type SubmissionContext, submissionContextOf, submissionTrail, submissionUrls } from '../dtu-submission-view';
import { TaskGate } from './task-gate';

interface TaskPageProps {
  title: string;
  /** the task list's action that opens the page, named when the address has no task */
  openedBy: string;
  /** the page's body once its task is read */
  children: (task: DtuTask, context: SubmissionContext) => ReactNode;
}

/**
 * A page of one DTU task reached from the task list (/submitRecord, /checkTask): the
 * header with its breadcrumb and 返回, then the body once the address's task is read,
 * or why it could not be.
 */
export function TaskPage({ title, openedBy, children }: TaskPageProps) {
  const [params] = useSearchParams();
  const context = submissionContextOf(params);
  const taskId = idParam(params, 'taskId');
  const task = useDtuTask(taskId);
  useQueryError(task.error);
  const rework = isRework(context, task.data);
  const back = { backTo: submissionUrls.taskList(context, rework), backLabel: rework ? '返回返工模式' : '返回DTU任务' };

  return (
    <div className="dtu-submission-page">
      <TrailPageHeader title={title} trail={submissionTrail(context, rework)} backTo={back.backTo} />
      {taskId === null ? (
        <MissingQuery title="未指定任务" hint={`请从DTU任务列表点击“${openedBy}”打开`} {...back} />
      ) : (
        <TaskGate task={task} back={back}>
          {(read) => children(read, { ...context, taskId: String(read.id) })}
        </TaskGate>
      )}
    </div>
  );
}
