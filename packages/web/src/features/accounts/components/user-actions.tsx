import { MSG, type UserRow } from '@factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Space } from 'antd';
import { PermissionButton } from '../../../components/permission-button';
import { runWithFeedback, showApiError } from '../../../lib/api-client';
import { useChangeUserStatus } from '../api/change-user-status';
import { useDeleteUser } from '../api/delete-user';
import { useResetPassword } from '../api/reset-password';
import { defaultPasswordQuery } from '../api/get-default-password';
import { resetPasswordConfirm } from '../default-password';

export const ACCOUNT_MENU = '/account';

interface UserActionsProps {
  user: UserRow;
  onEdit(id: number): void;
}

/**
 * The row buttons of seed 000 §4 and §6: a stopped user can be edited, enabled
 * and deleted, an enabled one stopped; the password can be reset either way.
 * Each shows only when the role holds that button on /account.
 */
export function UserActions({ user, onEdit }: UserActionsProps) {
  const { modal } = App.useApp();
  const changeStatus = useChangeUserStatus();
  const deleteUser = useDeleteUser();
  const resetPassword = useResetPassword();
  const queryClient = useQueryClient();
  const stopped = user.status === 0;


  const start = () => runWithFeedback(() => changeStatus.mutateAsync({ id: user.id, status: 1 }), MSG.userEnabled);
  const stop = () =>
    modal.confirm({
      title: '停用用户',
      content: `确定停用用户 ${user.userName} 吗？停用后该用户将无法登录`,
      onOk: () => runWithFeedback(() => changeStatus.mutateAsync({ id: user.id, status: 0 }), MSG.userDisabled),
    });
  const remove = () =>
    modal.confirm({
      title: '删除用户',
      content: `确定删除用户 ${user.userName} 吗？删除后不可恢复`,
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => deleteUser.mutateAsync(user.id), MSG.userDeleted),
    });
  const reset = async () => {
    let defaultPassword: string;
    try {
      defaultPassword = await queryClient.fetchQuery(defaultPasswordQuery());
    } catch (error) {
      showApiError(error);
      return;
    }
    modal.confirm({
      title: '重置密码',
      content: resetPasswordConfirm(defaultPassword),
      onOk: () => runWithFeedback(() => resetPassword.mutateAsync(user.id), MSG.userPasswordReset),
    });
  };

  const link = { type: 'link', size: 'small', menuUrl: ACCOUNT_MENU } as const;
  return (
    <Space size={0} wrap>
      {stopped && (
        <PermissionButton {...link} funCode="edit" onClick={() => onEdit(user.id)}>
          编辑
        </PermissionButton>
      )}
      {stopped && (
        <PermissionButton {...link} funCode="start" loading={changeStatus.isPending} onClick={() => void start()}>
          启用
        </PermissionButton>
      )}
      {!stopped && (
        <PermissionButton {...link} funCode="stop" onClick={stop}>
          停用
        </PermissionButton>
      )}
      {stopped && (
        <PermissionButton {...link} funCode="delete" danger onClick={remove}>
          删除
        </PermissionButton>
      )}
      <PermissionButton {...link} funCode="resetPassword" onClick={() => void reset()}>
        重置密码
      </PermissionButton>
    </Space>
  );
}
