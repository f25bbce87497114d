import { MSG } from '@factory/contracts';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showApiError } from '../../../lib/api-client';
import { sleep } from '../../../lib/sleep';
import { platformLoginOnce } from '../api/platform-login';
import { useEnterConsole } from '../use-enter-console';
import './platform-login-page.css';

/** seed 000 §8: after a failed platform sign-in the window closes after 1 s. */
const CLOSE_DELAY_MS = 1000;

/** /platformLogin?code=: another platform opens this window with a one-time code. */
export function PlatformLoginPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const enterConsole = useEnterConsole();

  useEffect(() => {
    let active = true;
    platformLoginOnce(code)
      .then(async (result) => {
        if (active) await enterConsole(result);
      })
      .catch(async (error: unknown) => {
        if (!active) return;
        showApiError(error);
        await sleep(CLOSE_DELAY_MS);
        // Browsers only close windows a script opened; anywhere else the sign-in page is the way on.
        window.close();
        if (active && !window.closed) navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [code, enterConsole, navigate]);

  return (
    <div className="platform-login" role="status" aria-live="polite">
      <Spin size="large" />
      <p className="platform-login__text">{MSG.platformEntering}</p>
    </div>
  );
}
