import { LOGIN_LIMITS, MSG, newPassword } from '@factory/contracts';
import { Alert, App, Form, Input, Modal, type FormRule } from 'antd';
import { useNavigate } from 'react-router';
import { showApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { zodRule } from '../../../lib/zod-rule';
import { useEditPassword } from '../api/edit-password';

interface PasswordFields {
  password: string;
  confirm: string;
}

interface ChangePasswordDialogProps {
  open: boolean;
  /** the session still has the default password: the dialog can not be dismissed */
  forced: boolean;
  onClose(): void;
}

// seed 000 §5: inputs are trimmed as typed.
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const passwordRules: FormRule[] = [zodRule(newPassword)];

const confirmRules: FormRule[] = [
  { required: true, message: MSG.passwordConfirmRequired },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue('password')) throw new Error(MSG.passwordMismatch);
    },
  }),
];

export function ChangePasswordDialog({ open, forced, onClose }: ChangePasswordDialogProps) {
  const [form] = Form.useForm<PasswordFields>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const clearSession = useSession((state) => state.clear);
  const editPassword = useEditPassword();

  const submit = async ({ password }: PasswordFields) => {
    try {
      await editPassword.mutateAsync(password);
    } catch (error) {
      showApiError(error);
      return;
    }
    // The server revoked every token of the user, this one included.
    void message.success(MSG.passwordChanged);
    onClose();
    clearSession();
    navigate('/login', { replace: true });
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={forced ? undefined : onClose}
      confirmLoading={editPassword.isPending}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      // Forced: the only way on is a new password, so there is nothing to cancel.
      footer={forced ? (_buttons, { OkBtn }) => <OkBtn /> : undefined}
      afterClose={() => form.resetFields()}
      forceRender
    >
      {forced && <Alert type="warning" showIcon title={MSG.passwordMustChange} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item label="新密码" name="password" required normalize={trim} rules={passwordRules}>
          <Input.Password
            maxLength={LOGIN_LIMITS.passwordMax}
            placeholder="8-14位，须含数字、大小写字母"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          required
          normalize={trim}
          dependencies={['password']}
          rules={confirmRules}
        >
          <Input.Password maxLength={LOGIN_LIMITS.passwordMax} placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
