import { DTU_TASK_MSG as M, type DtuTask } from '@factory/contracts';
import { App, Switch } from 'antd';
import { runWithFeedback } from '../../../lib/api-client';
import { useSetDuplicateEnable } from '../api/set-duplicate-enable';
import { offers } from '../dtu-tasks-view';

/**
 * A task's 重复检测 in the list (seed 002 §4): toggled after its 提示, for a task
 * not ended. Rework tasks always allow duplicates: shown on, and fixed.
 */
export function DuplicateSwitch({ task }: { task: DtuTask }) {
  const { modal } = App.useApp();
  const change = useSetDuplicateEnable();
  const rework = task.reworkTask;

  const toggle = (duplicate: boolean) =>
    modal.confirm({
      title: '提示',
      content: duplicate ? M.duplicateOnConfirm : M.duplicateOffConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        runWithFeedback(() => change.mutateAsync({ taskId: task.id, duplicate }), duplicate ? M.duplicateOn : M.duplicateOff),
    });

  return (
    <Switch
      size="small"
      aria-label={`${task.fittingType}重复检测`}
      checked={rework || task.duplicateEnable}
      disabled={rework || !offers('duplicate', task.status)}
      loading={change.isPending}
      onChange={toggle}
    />
  );
}
