import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_LIMITS, loginBody, MSG, requestOf, SESSION_ENDPOINTS } from '@factory/contracts';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../../lib/api-client';
import { APP_TITLE } from '../../../lib/app-title';
import { randomId } from '../../../lib/random-id';
import { useLogin } from '../api/login';
import { useEnterConsole } from '../use-enter-console';
import './login-page.css';

interface LoginFields {
  username?: string;
  password?: string;
  code?: string;
}

export function LoginPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginFields>();
  // The captcha is tied to this id on the server, so the id sent with the login is the one shown.
  const [captchaId, setCaptchaId] = useState(randomId);
  const [entering, setEntering] = useState(false);
  const login = useLogin();
  const enterConsole = useEnterConsole();

  const refreshCaptcha = () => {
    setCaptchaId(randomId());
    form.setFieldValue('code', '');
  };

  const submit = async (fields: LoginFields) => {
    // The shared schema holds the rule (both fields required, one message), so the form needs no rules of its own.
    const body = loginBody.safeParse({ ...fields, codeId: captchaId });
    if (!body.success) {
      void message.error(body.error.issues[0]?.message ?? MSG.loginRequired);
      return;
    }
    try {
      const result = await login.mutateAsync(body.data);
      setEntering(true);
      await enterConsole(result);
    } catch (error) {
      showApiError(error);
      refreshCaptcha();
    }
  };

  return (
    <div className="login-page">
      <main className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-card__title">
          {APP_TITLE}
        </h1>
        <p className="login-card__subtitle">账号登录</p>
        <Form form={form} onFinish={submit} size="large" autoComplete="off" requiredMark={false}>
          <Form.Item name="username">
            <Input
              aria-label="用户名"
              placeholder="用户名"
              maxLength={LOGIN_LIMITS.usernameMax}
              prefix={<UserOutlined aria-hidden />}
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item name="password">
            <Input.Password
              aria-label="密码"
              placeholder="密码"
              maxLength={LOGIN_LIMITS.passwordMax}
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
            />
          </Form.Item>
          <div className="login-card__captcha">
            <Form.Item name="code" className="login-card__captcha-input">
              <Input aria-label="验证码" placeholder="验证码" maxLength={8} prefix={<SafetyOutlined aria-hidden />} />
            </Form.Item>
            <img
              className="login-card__captcha-image"
              src={requestOf(SESSION_ENDPOINTS.captcha, { id: captchaId }).url}
              alt="验证码图片"
              title="看不清？点击换一张"
              onClick={refreshCaptcha}
            />
          </div>
          <Button type="primary" htmlType="submit" block loading={login.isPending || entering}>
            登录
          </Button>
        </Form>
      </main>
      <footer className="login-page__footer">© 2026 {APP_TITLE} 版权所有</footer>
    </div>
  );
}
