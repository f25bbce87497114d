import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { useSession } from '../lib/session-store';
import { loginResultWith, sessionMenu } from '../test/fixtures';
import { PermissionButton } from './permission-button';

const menus = [
  sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1 }),
  sessionMenu({ id: 2, pId: 1, name: '用户列表', url: '/account', level: 2, funcBotton: ['add'] }),
];

beforeEach(() => useSession.getState().clear());

describe('PermissionButton', () => {
  it('shows only the buttons the role holds on that page, and follows the session', () => {
    useSession.getState().signIn(loginResultWith({}, menus));
    // Inside the app's providers, as pages use it (they also keep 新增 free of an inserted space).
    render(
      <Providers>
        <PermissionButton menuUrl="/account" funCode="add">
          新增
        </PermissionButton>
        <PermissionButton menuUrl="/account" funCode="delete">
          删除
        </PermissionButton>
      </Providers>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();

    act(() => useSession.getState().clear());
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
