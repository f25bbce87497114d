import { MENUS, MSG, type RoleRow } from '@factory/contracts';
import { PermissionButton } from '../../../components/permission-button';
import { StatusRowActions } from '../../../components/status-row-actions';
import { runWithFeedback } from '../../../lib/api-client';
import { useChangeRoleStatus } from '../api/change-role-status';
import { useCopyRole } from '../api/copy-role';
import { useDeleteRole } from '../api/delete-role';

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
  const changeStatus = useChangeRoleStatus();
  const deleteRole = useDeleteRole();
  const copyRole = useCopyRole();

  const copy = () => runWithFeedback(() => copyRole.mutateAsync({ id: role.id }), MSG.roleCopied);

  return (
    <StatusRowActions
      menuUrl={MENUS.role}
      status={role.status}
      texts={{
        stopTitle: '停用角色',
        stopContent: `确定停用角色 ${role.roleName} 吗？停用后新增用户时不再提供该角色`,
        deleteTitle: '删除角色',
        deleteContent: `确定删除角色 ${role.roleName} 吗？删除后不可恢复`,
        enabled: MSG.roleEnabled,
        disabled: MSG.roleDisabled,
        deleted: MSG.roleDeleted,
      }}
      onEdit={() => onEdit(role.id)}
      changeStatus={(status) => changeStatus.mutateAsync({ id: role.id, status })}
      changingStatus={changeStatus.isPending}
      remove={() => deleteRole.mutateAsync({ id: role.id })}
    >
      <PermissionButton type="link" size="small" menuUrl={MENUS.role} funCode="copy" loading={copyRole.isPending} onClick={() => void copy()}>
        复制
      </PermissionButton>
    </StatusRowActions>
  );
}
