import { MSG, type RoleRow } from '@factory/contracts';
import { App, Space } from 'antd';
import { PermissionButton } from '../../../components/permission-button';
import { runWithFeedback } from '../../../lib/api-client';
import { useChangeRoleStatus } from '../api/change-role-status';
import { useCopyRole } from '../api/copy-role';
import { useDeleteRole } from '../api/delete-role';

export const ROLE_MENU = '/role';

interface RoleActionsProps {
  role: RoleRow;
  onEdit(id: number): void;
}

/**
 * The row buttons of seed 000 §4 and §6: a stopped role can be edited, enabled
 * and deleted, an enabled one stopped; any role can be copied. Each shows only
 * when the role of the signed-in user holds that button on /role.
 */
export function RoleActions({ role, onEdit }: RoleActionsProps) {
  const { modal } = App.useApp();
  const changeStatus = useChangeRoleStatus();
  const deleteRole = useDeleteRole();
  const copyRole = useCopyRole();
  const stopped = role.status === 0;


  const start = () => runWithFeedback(() => changeStatus.mutateAsync({ id: role.id, status: 1 }), MSG.roleEnabled);
  const copy = () => runWithFeedback(() => copyRole.mutateAsync(role.id), MSG.roleCopied);
  const stop = () =>
    modal.confirm({
      title: '停用角色',
      content: `确定停用角色 ${role.roleName} 吗？停用后新增用户时不再提供该角色`,
      onOk: () => runWithFeedback(() => changeStatus.mutateAsync({ id: role.id, status: 0 }), MSG.roleDisabled),
    });
  const remove = () =>
    modal.confirm({
      title: '删除角色',
      content: `确定删除角色 ${role.roleName} 吗？删除后不可恢复`,
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => deleteRole.mutateAsync(role.id), MSG.roleDeleted),
    });

  const link = { type: 'link', size: 'small', menuUrl: ROLE_MENU } as const;
  return (
    <Space size={0} wrap>
      {stopped && (
        <PermissionButton {...link} funCode="edit" onClick={() => onEdit(role.id)}>
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
      <PermissionButton {...link} funCode="copy" loading={copyRole.isPending} onClick={() => void copy()}>
        复制
      </PermissionButton>
    </Space>
  );
}
