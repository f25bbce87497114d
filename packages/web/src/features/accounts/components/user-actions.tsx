import { MENUS, MSG, type UserRow } from '@factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { PermissionButton } from '../../../components/permission-button';
import { StatusRowActions } from '../../../components/status-row-actions';
import { runWithFeedback, showApiError } from '../../../lib/api-client';
import { useChangeUserStatus } from '../api/change-user-status';
import { useDeleteUser } from '../api/delete-user';
import { defaultPasswordQuery } from '../api/get-default-password';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordConfirm } from '../default-password';

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
      onOk: () => runWithFeedback(() => resetPassword.mutateAsync({ id: user.id }), MSG.userPasswordReset),
    });
  };

  return (
    <StatusRowActions
      menuUrl={MENUS.account}
      status={user.status}
      texts={{
        stopTitle: '停用用户',
        stopContent: `确定停用用户 ${user.userName} 吗？停用后该用户将无法登录`,
        deleteTitle: '删除用户',
        deleteContent: `确定删除用户 ${user.userName} 吗？删除后不可恢复`,
        enabled: MSG.userEnabled,
        disabled: MSG.userDisabled,
        deleted: MSG.userDeleted,
      }}
      onEdit={() => onEdit(user.id)}
      changeStatus={(status) => changeStatus.mutateAsync({ id: user.id, status })}
      changingStatus={changeStatus.isPending}
      remove={() => deleteUser.mutateAsync({ id: user.id })}
    >
      <PermissionButton type="link" size="small" menuUrl={MENUS.account} funCode="resetPassword" onClick={() => void reset()}>
        重置密码
      </PermissionButton>
    </StatusRowActions>
  );
}
