import { MSG, SESSION_ENDPOINTS as SESSION } from '@factory/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../../app/providers';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { ChangePasswordDialog } from './change-password-dialog';

beforeEach(() => useSession.getState().signIn(loginResultWith({ token: 'pw-token' })));

function renderDialog() {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <ChangePasswordDialog open forced={false} onClose={() => undefined} /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    { initialEntries: ['/account'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  const dialog = within(screen.getByRole('dialog', { name: '修改密码' }));
  return { router, dialog };
}

const fieldError = async (label: string) => {
  // antd links each field to its explain text through aria-describedby once it shows.
  const input = screen.getByLabelText(label);
  let text = '';
  await waitFor(() => {
    const ids = input.getAttribute('aria-describedby') ?? '';
    text = ids
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join('');
    expect(text).not.toBe('');
  });
  return text;
};

describe('change-password dialog', () => {
  it('asks for both fields when they are empty', async () => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.editPassword, null));
    const { dialog } = renderDialog();

    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await fieldError('新密码')).toBe(MSG.passwordRequired);
    expect(await fieldError('确认密码')).toBe(MSG.passwordConfirmRequired);
    expect(seen).toEqual([]);
  });

  it.each([
    ['Ab1', MSG.passwordTooShort],
    ['abcdefgh', MSG.passwordRule],
    ['abcdefg1', MSG.passwordRule],
    ['ABCDEFG1', MSG.passwordRule],
    ['Abcdefgh', MSG.passwordRule],
  ])('rejects %s with the shared rule: %s', async (password, expected) => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.editPassword, null));
    const { dialog } = renderDialog();

    await user.type(screen.getByLabelText('新密码'), password);
    await user.type(screen.getByLabelText('确认密码'), password);
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await fieldError('新密码')).toBe(expected);
    expect(seen).toEqual([]);
  });

  it('says 两次密码不一致 when the confirmation differs', async () => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.editPassword, null));
    const { dialog } = renderDialog();

    await user.type(screen.getByLabelText('新密码'), 'Abcdefg1');
    await user.type(screen.getByLabelText('确认密码'), 'Abcdefg2');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await fieldError('确认密码')).toBe(MSG.passwordMismatch);
    expect(seen).toEqual([]);
  });

  it('sends the trimmed password form-encoded, then signs out to /login', async () => {
    const user = userEvent.setup();
    const { seen } = installServer(answer(SESSION.editPassword, null));
    const { router, dialog } = renderDialog();

    expect(screen.getByLabelText('新密码').getAttribute('maxlength')).toBe('14');
    await user.type(screen.getByLabelText('新密码'), ' Abcdefg1 ');
    await user.type(screen.getByLabelText('确认密码'), 'Abcdefg1');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.passwordChanged)).toBeTruthy();
    expect(seen[0]?.url).toBe(SESSION.editPassword.path);
    expect(seen[0]?.headers.Authorization).toBe('Bearer pw-token');
    expect(seen[0]?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(seen[0]!)).toEqual({ password: 'Abcdefg1' });
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server errorMsg and keeps the session when the change fails', async () => {
    const user = userEvent.setup();
    installServer(refuse(SESSION.editPassword, '新密码不能与旧密码相同', 400));
    const { router, dialog } = renderDialog();

    await user.type(screen.getByLabelText('新密码'), 'Abcdefg1');
    await user.type(screen.getByLabelText('确认密码'), 'Abcdefg1');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText('新密码不能与旧密码相同')).toBeTruthy();
    expect(useSession.getState().token).toBe('pw-token');
    expect(router.state.location.pathname).toBe('/account');
  });
});
