import { TASK_MSG, type Task } from '@factory/contracts';
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { runWithFeedback, showApiError } from '../../../lib/api-client';
import { useHasFun } from '../../../lib/session-store';
import { useDeleteTask } from '../api/delete-task';
import { useExportCodes, type CodeExportFormat } from '../api/export-codes';
import { useFinishTask } from '../api/finish-task';
import { useStartTask } from '../api/start-task';
import { useStopTask } from '../api/stop-task';
import { dataWatchUrl, editUrl, offers, TASK_MENU } from '../task-view';

/** The task-list buttons a role may hold (DESIGN.md §4), read once for the whole table. */
export interface TaskButtons {
  dataWatch: boolean;
  detail: boolean;
  exportProCode: boolean;
  edit: boolean;
  stop: boolean;
  start: boolean;
  finish: boolean;
  delete: boolean;
}

export function useTaskButtons(): TaskButtons {
  return {
    dataWatch: useHasFun(TASK_MENU, 'dataWatch'),
    detail: useHasFun(TASK_MENU, 'detail'),
    exportProCode: useHasFun(TASK_MENU, 'exportProCode'),
    edit: useHasFun(TASK_MENU, 'edit'),
    stop: useHasFun(TASK_MENU, 'stop'),
    start: useHasFun(TASK_MENU, 'start'),
    finish: useHasFun(TASK_MENU, 'finish'),
    delete: useHasFun(TASK_MENU, 'delete'),
  };
}

type Confirmed = 'start' | 'stop' | 'finish' | 'delete';

const CONFIRMED: Record<Confirmed, { question: string; success: string; danger: boolean }> = {
  start: { question: TASK_MSG.confirmStart, success: TASK_MSG.started, danger: false },
  stop: { question: TASK_MSG.confirmStop, success: TASK_MSG.stopped, danger: false },
  finish: { question: TASK_MSG.confirmFinish, success: TASK_MSG.finished, danger: true },
  delete: { question: TASK_MSG.confirmDelete, success: TASK_MSG.deleted, danger: true },
};

const EXPORT_ITEMS: MenuProps['items'] = [
  { key: 'xlsx', label: '导出Excel' },
  { key: 'csv', label: '导出CSV' },
  { type: 'divider' },
  { key: 'print', label: '打印二维码' },
];

interface TaskRowActionsProps {
  task: Task;
  can: TaskButtons;
}

/**
 * A row's actions (seed 000 §4): each shown when the status offers it and the role
 * holds its button; 生产记录 always. The everyday ones stay on the row; 数据看板 and
 * the two that end a task's life (结束, 删除) sit under 更多 so the row stays one line
 * and a finishing click is never a slip beside 停止.
 */
export function TaskRowActions({ task, can }: TaskRowActionsProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const start = useStartTask();
  const stop = useStopTask();
  const finish = useFinishTask();
  const remove = useDeleteTask();
  const exportCodes = useExportCodes();
  const calls: Record<Confirmed, (id: number) => Promise<unknown>> = {
    start: start.mutateAsync,
    stop: stop.mutateAsync,
    finish: finish.mutateAsync,
    delete: remove.mutateAsync,
  };

  const confirm = (action: Confirmed) => {
    const { question, success, danger } = CONFIRMED[action];
    modal.confirm({
      title: question,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => runWithFeedback(() => calls[action](task.id), success),
    });
  };

  const printCodes = () =>
    modal.confirm({
      title: TASK_MSG.confirmPrint,
      okText: '确定',
      cancelText: '取消',
      // The new tab gets a copy of this tab's session storage, so it opens signed in.
      onOk: () => void window.open(`/print?id=${task.id}`, '_blank'),
    });

  const onExport: MenuProps['onClick'] = ({ key }) => {
    if (key === 'print') printCodes();
    else exportCodes.mutate({ taskId: task.id, format: key as CodeExportFormat }, { onError: showApiError });
  };

  const link = (label: string, onClick: () => void, extra: { danger?: boolean; icon?: ReactNode } = {}) => (
    <Button key={label} type="link" size="small" danger={extra.danger} onClick={onClick}>
      {label}
      {extra.icon}
    </Button>
  );

  const status = task.status;
  const buttons: ReactNode[] = [];
  if (can.detail) buttons.push(link('进入', () => void navigate(`/productionTaskDetail?id=${task.id}`)));
  if (can.edit && offers('edit', status)) buttons.push(link('编辑', () => void navigate(editUrl(task))));
  if (can.stop && offers('stop', status)) buttons.push(link('停止', () => confirm('stop')));
  if (can.start && offers('start', status)) buttons.push(link('开始', () => confirm('start')));
  buttons.push(link('生产记录', () => void navigate(`/productionLog?id=${task.id}`)));
  if (can.exportProCode) {
    buttons.push(
      <Dropdown key="export" trigger={['click']} menu={{ items: EXPORT_ITEMS, onClick: onExport }}>
        <Button type="link" size="small" loading={exportCodes.isPending}>
          导出生产码
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>,
    );
  }

  const more: NonNullable<MenuProps['items']> = [];
  if (can.dataWatch && offers('dataWatch', status)) more.push({ key: 'dataWatch', label: '数据看板' });
  if (can.finish && offers('finish', status)) more.push({ key: 'finish', label: '结束', danger: true });
  if (can.delete && offers('delete', status)) more.push({ key: 'delete', label: '删除', danger: true });
  const onMore: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dataWatch') void navigate(dataWatchUrl(task));
    else confirm(key as Confirmed);
  };
  if (more.length > 0) {
    buttons.push(
      <Dropdown key="more" trigger={['click']} menu={{ items: more, onClick: onMore }}>
        <Button type="link" size="small">
          更多
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>,
    );
  }

  return <div className="task-row-actions">{buttons}</div>;
}
