import { type FormEvent, useState } from 'react';
import { STATION_MSG } from '../lib/contracts';
import { lastTerminalCode, type StationSession } from '../lib/session';
import { stationLogin } from '../lib/station-api';

interface LoginPageProps {
  onSignedIn: (session: StationSession) => void;
  /** why the terminal is back here (an expired sign-in) */
  notice: string | null;
}

/** Sign-in of an operator at a terminal: the terminal's code (kept from the last sign-in), user name and password. */
export function LoginPage({ onSignedIn, notice }: LoginPageProps) {
  const [terminalCode, setTerminalCode] = useState(lastTerminalCode);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = !terminalCode.trim()
      ? STATION_MSG.terminalCodeRequired
      : !username.trim()
        ? STATION_MSG.usernameRequired
        : !password
          ? STATION_MSG.passwordRequired
          : null;
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await stationLogin({ terminalCode: terminalCode.trim(), username: username.trim(), password }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <form className="login__card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 className="login__title">工位终端登录</h1>
        <p className="login__subtitle">工厂生产检测管理平台 · 产线工位</p>
        {(error ?? notice) && (
          <div className="notice notice--error" role="alert">
            {error ?? notice}
          </div>
        )}
        <label className="login__field">
          <span>终端编号</span>
          <input value={terminalCode} onChange={(event) => setTerminalCode(event.target.value)} autoComplete="off" autoCapitalize="characters" placeholder="如 PAD-01" />
        </label>
        <label className="login__field">
          <span>用户名</span>
          <input value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" />
        </label>
        <label className="login__field">
          <span>密码</span>
          <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
        </label>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? '登录中…' : '登录'}
        </button>
      </form>
    </div>
  );
}
