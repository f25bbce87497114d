import type { MenuUrl } from '@factory/contracts';
import { App, Space } from 'antd';
import type { ReactNode } from 'react';
import { runWithFeedback } from '../lib/api-client';
import { PermissionButton } from './permission-button';

/** What the confirmations and notices of a status row say about its thing (a user, a role). */
export interface StatusRowTexts {
  /** the 停用 confirmation: its title and what it tells */
  stopTitle: string;
  stopContent: string;
  /** the 删除 confirmation */
  deleteTitle: string;
  deleteContent: string;
  /** the notices after each change */
  enabled: string;
  disabled: string;
  deleted: string;
}

interface StatusRowActionsProps {
  /** the page whose buttons the signed-in role must hold */
  menuUrl: MenuUrl;
  /** 1 enabled, 0 stopped */
  status: number;
  texts: StatusRowTexts;
  onEdit(): void;
  /** sends the new status (1 启用, 0 停用) */
  changeStatus(status: 0 | 1): Promise<unknown>;
  /** a status change is on its way (启用 shows it) */
  changingStatus: boolean;
  remove(): Promise<unknown>;
  /** the row's other buttons, after these (复制, 重置密码) */
  children?: ReactNode;
}

/**
 * The row buttons of a thing with a status (seed 000 §4 and §6): a stopped one can be
 * edited, enabled (at once) and deleted (after a confirmation), an enabled one only
 * stopped (after a confirmation). Each shows only when the role of the signed-in user
 * holds that button on the page.
 */
export function StatusRowActions({ menuUrl, status, texts, onEdit, changeStatus, changingStatus, remove, children }: StatusRowActionsProps) {
  const { modal } = App.useApp();
  const stopped = status === 0;

  const start = () => runWithFeedback(() => changeStatus(1), texts.enabled);
  const stop = () =>
    modal.confirm({
      title: texts.stopTitle,
      content: texts.stopContent,
      onOk: () => runWithFeedback(() => changeStatus(0), texts.disabled),
    });
  const confirmRemove = () =>
    modal.confirm({
      title: texts.deleteTitle,
      content: texts.deleteContent,
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(remove, texts.deleted),
    });

  const link = { type: 'link', size: 'small', menuUrl } as const;
  return (
    <Space size={0} wrap>
      {stopped && (
        <PermissionButton {...link} funCode="edit" onClick={onEdit}>
          编辑
        </PermissionButton>
      )}
      {stopped && (
        <PermissionButton {...link} funCode="start" loading={changingStatus} onClick={() => void start()}>
          启用
        </PermissionButton>
      )}
      {!stopped && (
        <PermissionButton {...link} funCode="stop" onClick={stop}>
          停用
        </PermissionButton>
      )}
      {stopped && (
        <PermissionButton {...link} funCode="delete" danger onClick={confirmRemove}>
          删除
        </PermissionButton>
      )}
      {children}
    </Space>
  );
}
