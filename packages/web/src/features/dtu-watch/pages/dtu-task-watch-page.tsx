import { type DtuTask, LIVE_STREAMS } from '@factory/contracts';
import { useSearchParams } from 'react-router';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useLiveRefresh } from '../../../lib/use-live-refresh';
import { useQueryError } from '../../../lib/use-query-error';
import { useDtuTask } from '../api/get-dtu-task';
import { dtuWatchKeys } from '../api/dtu-watch-keys';
import { DeviceTestTable } from '../components/device-test-table';
import { TrailPageHeader } from '../../../components/trail-page-header';
import { TaskSummary } from '../components/task-summary';
import { dtuWatchUrls, idParam, isRework, type TaskContext, taskContextOf, taskTrail } from '../dtu-watch-view';
import './dtu-watch-pages.css';

const TITLE = '任务进度';

/**
 * 任务进度 (/dtuTaskWatch?taskId&partsId&partsType&dtuNumber&dtuId&taskBatchId&taskType&check[&mac],
 * seed 002 §2): the task, its DTU and module, its progress, and its units' tests.
 */
export function DtuTaskWatchPage() {
  const [params] = useSearchParams();
  const context = taskContextOf(params);
  const taskId = idParam(params, 'taskId');
  const task = useDtuTask(taskId, { follow: true });
  useQueryError(task.error);

  const rework = isRework(context, task.data);
  // a sampling task's units are opened from its sampling batches; a task's from its list
  const backTo = context.check ? dtuWatchUrls.checkTask(context, rework) : dtuWatchUrls.taskList(context, rework);
  const back = { backTo, backLabel: rework ? '返回返工模式' : '返回DTU任务' };

  return (
    <div className="dtu-watch-page">
      <TrailPageHeader title={TITLE} trail={taskTrail(context, rework)} backTo={backTo} />
      {taskId === null ? (
        <MissingQuery title="未指定任务" hint="请从DTU任务列表点击“任务进度”打开" {...back} />
      ) : !task.data ? (
        task.isError ? (
          <LoadFailure error={task.error} what="DTU任务" onRetry={() => void task.refetch()} {...back} />
        ) : (
          <Loading />
        )
      ) : (
        <TaskProgress task={task.data} context={context} />
      )}
    </div>
  );
}

/** The task and its units, refreshed within a second of a change of them (a scan, a report, a result). */
function TaskProgress({ task, context }: { task: DtuTask; context: TaskContext }) {
  useLiveRefresh(LIVE_STREAMS.dtuTask, { taskId: task.id }, dtuWatchKeys.task(task.id));
  return (
    <>
      <TaskSummary task={task} />
      <DeviceTestTable task={task} context={context} />
    </>
  );
}
