import { MSG, ROLE_LIMITS, roleCreateBody, roleNameField } from '@factory/contracts';
import { App, Button, Drawer, Empty, Form, Input, Space, Spin, type FormRule } from 'antd';
import { useMemo } from 'react';
import { showApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { useCreateRole } from '../api/create-role';
import { useEditRole } from '../api/edit-role';
import { useMenuTree } from '../api/get-menu-tree';
import { useRoleDetail } from '../api/get-role-detail';
import { checkedKeysOf, grantableTree, roleMenuFunctionsOf } from '../permission-tree';
import { useQueryError } from '../../../lib/use-query-error';
import { PermissionTreeField } from './permission-tree-field';
import './role-drawer.css';

interface RoleFields {
  roleName: string;
  menuKeys: string[];
}

interface RoleDrawerProps {
  open: boolean;
  /** null adds a role to the signed-in account */
  roleId: number | null;
  onClose(): void;
}

const roleNameRules = [zodRule(roleNameField)];

/** The add/edit side panel of the role list: name and permission tree (seed 000 §2). */
export function RoleDrawer({ open, roleId, onClose }: RoleDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFields>();
  const editing = roleId !== null;
  const menuTree = useMenuTree(open);
  const detail = useRoleDetail(open ? roleId : null);
  useQueryError(menuTree.error ?? detail.error);

  const tree = useMemo(() => grantableTree(menuTree.data ?? []), [menuTree.data]);
  // The same rule as the server's: at least one menu granted (请选择角色权限).
  const permissionRules = useMemo<FormRule[]>(
    () => [
      {
        validator: async (_rule, keys: string[] | undefined) => {
          const grants = roleCreateBody.shape.roleMenuFunctionVOS.safeParse(roleMenuFunctionsOf(tree, keys ?? []));
          if (!grants.success) throw new Error(grants.error.issues[0]?.message ?? MSG.rolePermissionRequired);
        },
      },
    ],
    [tree],
  );

  const createRole = useCreateRole();
  const editRole = useEditRole();
  const saving = createRole.isPending || editRole.isPending;

  const ready = menuTree.data !== undefined && (!editing || detail.data !== undefined);
  const initialValues: RoleFields | null = !ready
    ? null
    : detail.data && editing
      ? { roleName: detail.data.roleName, menuKeys: checkedKeysOf(tree, detail.data.roleMenuFunctionVOS) }
      : { roleName: '', menuKeys: [] };

  const submit = async (fields: RoleFields) => {
    const body = { roleName: fields.roleName.trim(), roleMenuFunctionVOS: roleMenuFunctionsOf(tree, fields.menuKeys ?? []) };
    try {
      if (roleId !== null) await editRole.mutateAsync({ ...body, id: roleId });
      else await createRole.mutateAsync(body);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(roleId !== null ? MSG.roleEdited : MSG.roleAdded);
    onClose();
  };

  const failed = menuTree.isError || detail.isError;
  return (
    <Drawer
      title={editing ? '编辑角色' : '新增角色'}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      footer={
        <Space className="role-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={initialValues === null} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      {initialValues === null ? (
        failed ? (
          <Empty description="加载失败，请关闭后重试" />
        ) : (
          <Spin className="role-drawer__loading" />
        )
      ) : (
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} autoComplete="off">
          <Form.Item label="角色名" name="roleName" required rules={roleNameRules}>
            <Input placeholder="请输入角色名" maxLength={ROLE_LIMITS.nameMax} showCount />
          </Form.Item>
          <Form.Item label="角色权限" name="menuKeys" required rules={permissionRules}>
            <PermissionTreeField tree={tree} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
