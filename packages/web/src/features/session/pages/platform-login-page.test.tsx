import { MSG, SESSION_ENDPOINTS as SESSION } from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.restoreAllMocks());

describe('platform login page', () => {
  it('signs in once with the code, says 登录成功 and opens the first menu page after 1 s', async () => {
    const server = installServer(answer(SESSION.platformLogin, loginResultWith({ token: 'platform-token' })));
    const { router } = await renderPage('/platformLogin?code=one.time', { strict: true });

    expect(await screen.findByText(MSG.platformEntering)).toBeTruthy();
    expect(await screen.findByText(MSG.loginSuccess)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dataCenter'), { timeout: 3000 });

    // StrictMode runs the effect twice; a one-time code must still be sent only once.
    expect(server.seen).toHaveLength(1);
    const [signIn] = server.calls(SESSION.platformLogin);
    expect(signIn?.url).toBe(SESSION.platformLogin.path);
    expect(signIn?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(signIn!)).toEqual({ code: 'one.time' });
    expect(useSession.getState().token).toBe('platform-token');
  });

  it('shows the errorMsg, tries to close the window after 1 s, then goes to /login', async () => {
    installServer(refuse(SESSION.platformLogin, MSG.platformCodeExpired, 400));
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const { router } = await renderPage('/platformLogin?code=too.late');

    expect(await screen.findByText(MSG.platformCodeExpired)).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
  });
});
