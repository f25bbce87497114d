import { MSG, type LoginResult } from '@factory/contracts';
import { App } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { firstMenuUrl, useSession } from '../../lib/session-store';
import { sleep } from '../../lib/sleep';

/** seed 000 §2: after sign-in the console waits 1 s before opening the first page. */
export const ENTER_DELAY_MS = 1000;

/** What both sign-in pages do on success: keep the session, say so, then open the first menu page. */
export function useEnterConsole() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  return useCallback(
    async (result: LoginResult) => {
      signIn(result);
      void message.success(MSG.loginSuccess);
      await sleep(ENTER_DELAY_MS);
      // A user without any page still gets the layout, with the not-found page in it.
      navigate(firstMenuUrl() ?? '/notFound', { replace: true });
    },
    [message, navigate, signIn],
  );
}
