import { MSG, SESSION_ENDPOINTS as SESSION } from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

beforeEach(() => useSession.getState().clear());

const captchaId = () => {
  const src = screen.getByRole('img', { name: '验证码图片' }).getAttribute('src') ?? '';
  const url = new URL(src, 'http://console');
  expect(src.startsWith(`${SESSION.captcha.path}?`)).toBe(true);
  expect([...url.searchParams.keys()]).toEqual(['id']);
  expect(url.searchParams.get('id')).toMatch(/^[0-9a-f]{32}$/);
  return url.searchParams.get('id');
};

describe('login page', () => {
  it('refuses empty username or password with 用户名、密码不能为空 and makes no call', async () => {
    const user = userEvent.setup();
    const server = installServer(answer(SESSION.login, loginResultWith()));
    await renderPage('/login');

    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText(MSG.loginRequired)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'operator_li');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getAllByText(MSG.loginRequired).length).toBeGreaterThan(0));

    // A username of spaces is empty too.
    await user.clear(screen.getByRole('textbox', { name: '用户名' }));
    await user.type(screen.getByRole('textbox', { name: '用户名' }), '   ');
    await user.type(screen.getByLabelText('密码'), 'Secret123');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(server.seen).toEqual([]);
  });

  it('limits username to 64 (name@parent) and password to 14 characters', async () => {
    await renderPage('/login');
    expect((await screen.findByRole('textbox', { name: '用户名' })).getAttribute('maxlength')).toBe('64');
    expect(screen.getByLabelText('密码').getAttribute('maxlength')).toBe('14');
  });

  it('refreshes the captcha with a new random id when the image is clicked', async () => {
    const user = userEvent.setup();
    await renderPage('/login');
    await screen.findByRole('img', { name: '验证码图片' });
    const first = captchaId();
    await user.click(screen.getByRole('img', { name: '验证码图片' }));
    expect(captchaId()).not.toBe(first);
  });

  it('signs in on Enter with the captcha id shown, says 登录成功 and opens the first menu page after 1 s', async () => {
    const user = userEvent.setup();
    const server = installServer(answer(SESSION.login, loginResultWith({ token: 'fresh' })));
    const { router } = await renderPage('/login');
    await screen.findByRole('img', { name: '验证码图片' });
    const shownId = captchaId();

    await user.type(screen.getByRole('textbox', { name: '用户名' }), ' operator_li ');
    await user.type(screen.getByLabelText('密码'), 'Secret123');
    await user.type(screen.getByRole('textbox', { name: '验证码' }), 'x7kq{Enter}');

    expect(await screen.findByText(MSG.loginSuccess)).toBeTruthy();
    expect(server.seen).toHaveLength(1);
    const [signIn] = server.calls(SESSION.login);
    expect(signIn?.method).toBe('POST');
    expect(signIn?.url).toBe(SESSION.login.path);
    expect(signIn?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(signIn!)).toEqual({
      username: 'operator_li',
      password: 'Secret123',
      code: 'x7kq',
      codeId: shownId,
    });
    expect(useSession.getState().token).toBe('fresh');

    // Still on the login page right after the message: the console waits 1 s.
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dataCenter'), { timeout: 3000 });
    // The first menu page opens (renderPage leaves every other page empty).
    expect(await screen.findByRole('main', { name: '其他页面' })).toBeTruthy();
  });

  it('shows the server errorMsg and a new captcha when sign-in fails', async () => {
    const user = userEvent.setup();
    installServer(refuse(SESSION.login, MSG.captchaWrong, 400));
    const { router } = await renderPage('/login');
    await screen.findByRole('img', { name: '验证码图片' });
    const shownId = captchaId();

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'operator_li');
    await user.type(screen.getByLabelText('密码'), 'Secret123');
    await user.type(screen.getByRole('textbox', { name: '验证码' }), 'zzzz');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText(MSG.captchaWrong)).toBeTruthy();
    expect(captchaId()).not.toBe(shownId);
    expect((screen.getByRole('textbox', { name: '验证码' }) as HTMLInputElement).value).toBe('');
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
