import { MSG, USER_LIMITS, USER_NAME_SEPARATOR, userCreateBody, userNameField } from '@factory/contracts';
import { App, Button, Drawer, Empty, Form, Input, Select, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { showApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { zodRule } from '../../../lib/zod-rule';
import { useCreateUser } from '../api/create-user';
import { useEditUser } from '../api/edit-user';
import { useLineTree } from '../api/get-line-tree';
import { useRoleOptions } from '../api/get-role-options';
import { useUserDetail } from '../api/get-user-detail';
import { useQueryError } from '../../../lib/use-query-error';
import { factoryLinesOf, LineTreeField } from './line-tree-field';
import './user-drawer.css';

interface UserFields {
  userName: string;
  roleId?: number;
  lineIds: number[];
}

interface UserDrawerProps {
  open: boolean;
  /** null adds a user under the signed-in account */
  userId: number | null;
  onClose(): void;
}

const userNameRules = [zodRule(userNameField)];
const roleRules = [zodRule(userCreateBody.shape.roleId)];

/** The add/edit side panel of the user list (seed 000 §2). */
export function UserDrawer({ open, userId, onClose }: UserDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFields>();
  const sessionUser = useSession((state) => state.user);
  const editing = userId !== null;

  const detail = useUserDetail(open ? userId : null);
  const lineTree = useLineTree(open);
  const edited = detail.data?.userDetail;
  // A new user goes under the signed-in account; an edited one stays under its own parent.
  const parentId = editing ? (edited?.parentId ?? null) : (sessionUser?.id ?? null);
  const parentName = editing ? (edited?.parentName ?? '') : (sessionUser?.userName ?? '');
  const roles = useRoleOptions(open ? parentId : null);
  useQueryError(detail.error ?? lineTree.error ?? roles.error);

  const createUser = useCreateUser();
  const editUser = useEditUser();
  const saving = createUser.isPending || editUser.isPending;

  const roleOptions = useMemo(() => {
    const options = (roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName, disabled: false }));
    // The user still holds a role that was stopped since: show it by name, but it can not be
    // given again (the server answers 该角色不可分配), so another one has to be chosen.
    if (roles.data && edited?.roleId != null && !options.some((option) => option.value === edited.roleId)) {
      options.unshift({ value: edited.roleId, label: `${edited.roleName ?? edited.roleId}（已停用）`, disabled: true });
    }
    return options;
  }, [roles.data, edited]);

  const initialValues: UserFields | null = editing
    ? detail.data
      ? {
          userName: detail.data.userDetail.shortName,
          roleId: detail.data.userDetail.roleId ?? undefined,
          lineIds: detail.data.factorys.flatMap((factory) => factory.lineId),
        }
      : null
    : { userName: '', lineIds: [] };

  const submit = async (fields: UserFields) => {
    if (parentId === null || fields.roleId === undefined) return;
    const body = {
      parentId,
      userName: fields.userName.trim(),
      roleId: fields.roleId,
      facLineVos: factoryLinesOf(lineTree.data ?? [], fields.lineIds ?? []),
    };
    try {
      if (userId !== null) await editUser.mutateAsync({ ...body, id: userId });
      else await createUser.mutateAsync(body);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(userId !== null ? MSG.userEdited : MSG.userAdded);
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑用户' : '新增用户'}
      open={open}
      onClose={onClose}
      size={480}
      destroyOnHidden
      footer={
        <Space className="user-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={initialValues === null} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      {initialValues === null ? (
        detail.isError ? (
          <Empty description="加载失败，请关闭后重试" />
        ) : (
          <Spin className="user-drawer__loading" />
        )
      ) : (
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} autoComplete="off">
          <Form.Item label="用户名" name="userName" required rules={userNameRules}>
            <Input
              placeholder="请输入用户名"
              maxLength={USER_LIMITS.nameMax}
              suffix={<span className="user-drawer__suffix">{`${USER_NAME_SEPARATOR}${parentName}`}</span>}
            />
          </Form.Item>
          <Form.Item label="角色" name="roleId" required rules={roleRules}>
            <Select placeholder="请选择角色" options={roleOptions} loading={roles.isLoading} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item label="产线" name="lineIds">
            <LineTreeField factories={lineTree.data ?? []} loading={lineTree.isLoading} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
