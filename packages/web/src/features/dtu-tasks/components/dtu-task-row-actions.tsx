import { DTU_TASK_MSG as M, type DtuTask } from '@factory/contracts';
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { runWithFeedback, showApiError } from '../../../lib/api-client';
import { useDeleteDtuTask } from '../api/delete-dtu-task';
import { useEndDtuTask } from '../api/end-dtu-task';
import { useExportDtuTask } from '../api/export-dtu-task';
import { useStartDtuTask } from '../api/start-dtu-task';
import { useStopDtuTask } from '../api/stop-dtu-task';
import { useSubmitDtuTask } from '../api/submit-dtu-task';
import { type DtuContext, dtuTaskUrls, offers, taskTypeOf } from '../dtu-tasks-view';

type Confirmed = 'start' | 'stop' | 'end' | 'delete' | 'submit';

const CONFIRMED: Record<Confirmed, { question: string; success: string; danger: boolean }> = {
  start: { question: M.startConfirm, success: M.started, danger: false },
  submit: { question: M.submitConfirm, success: M.submitted, danger: false },
  stop: { question: M.stopConfirm, success: M.stopped, danger: false },
  end: { question: M.endConfirm, success: M.ended, danger: true },
  delete: { question: M.deleteConfirm, success: M.deleted, danger: true },
};

interface DtuTaskRowActionsProps {
  task: DtuTask;
  context: DtuContext;
  onEdit(task: DtuTask): void;
}

/**
 * A task's actions (seed 002 §2, §4): each state change only in the statuses that
 * allow it, after its 提示; the pages of the task as links. The everyday ones stay
 * on the row; the check log, sampling, 提交 (any task not ended), submit records,
 * 导出 and the two that end a task's life (结束, 删除) sit under 更多, so the row stays
 * one line and a finishing click is never a slip beside 停止. 抽检 reads the task's
 * own canCheck (the list carries it), so no row asks for its sampling configuration.
 */
export function DtuTaskRowActions({ task, context, onEdit }: DtuTaskRowActionsProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const start = useStartDtuTask();
  const stop = useStopDtuTask();
  const end = useEndDtuTask();
  const remove = useDeleteDtuTask();
  const submit = useSubmitDtuTask();
  const exportRecords = useExportDtuTask();
  const calls: Record<Confirmed, (taskId: number) => Promise<unknown>> = {
    start: start.mutateAsync,
    stop: stop.mutateAsync,
    end: end.mutateAsync,
    delete: remove.mutateAsync,
    submit: submit.mutateAsync,
  };
  const taskType = taskTypeOf(task.reworkTask);

  const confirm = (action: Confirmed) => {
    const { question, success, danger } = CONFIRMED[action];
    modal.confirm({
      title: '提示',
      content: question,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => runWithFeedback(() => calls[action](task.id), success),
    });
  };

  // the file is on its way once confirmed; a refusal says why (seed 002 §8: export asks first)
  const confirmExport = () =>
    modal.confirm({
      title: '提示',
      content: M.exportConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () => exportRecords.mutateAsync(task.id).catch(showApiError),
    });

  const button = (label: string, onClick: () => void) => (
    <Button key={label} type="link" size="small" onClick={onClick}>
      {label}
    </Button>
  );
  const link = (label: string, to: string) => (
    <Link key={label} to={to} className="dtu-task-row-actions__link">
      {label}
    </Link>
  );

  const status = task.status;
  const shown: ReactNode[] = [];
  if (offers('edit', status)) shown.push(button('编辑', () => onEdit(task)));
  if (offers('start', status)) shown.push(button('开始', () => confirm('start')));
  if (offers('stop', status)) shown.push(button('停止', () => confirm('stop')));
  shown.push(link('任务进度', dtuTaskUrls.watch(context, taskType, task.id)));
  shown.push(link('看板', dtuTaskUrls.dataWatch(context, taskType, task.id)));

  const more: NonNullable<MenuProps['items']> = [
    { key: 'checkLog', label: '检测日志' },
    {
      key: 'checkTask',
      // a firmware changed after a submission ends sampling (seed 002 §4)
      label: task.canCheck ? '抽检' : <Tooltip title="升级固件后不支持抽检">抽检</Tooltip>,
      disabled: !task.canCheck,
    },
    ...(offers('submit', status) ? [{ key: 'submit', label: '提交' }] : []),
    { key: 'submitRecord', label: '提交记录' },
    { key: 'export', label: '导出' },
  ];
  if (offers('end', status)) more.push({ key: 'end', label: '结束', danger: true });
  if (offers('delete', status)) more.push({ key: 'delete', label: '删除', danger: true });
  const onMore: MenuProps['onClick'] = ({ key }) => {
    if (key === 'checkLog') void navigate(dtuTaskUrls.checkLog(context, taskType, task.id));
    else if (key === 'checkTask') void navigate(dtuTaskUrls.checkTask(context, taskType, task.id));
    else if (key === 'submitRecord') void navigate(dtuTaskUrls.submitRecord(context, taskType, task.id));
    else if (key === 'export') confirmExport();
    else confirm(key as Confirmed);
  };
  shown.push(
    <Dropdown key="more" trigger={['click']} menu={{ items: more, onClick: onMore }}>
      <Button type="link" size="small">
        更多
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>,
  );

  return <div className="dtu-task-row-actions">{shown}</div>;
}
