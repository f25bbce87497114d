import { useCallback, useState } from 'react';
import { LoginPage } from './pages/login-page';
import { PdaPage } from './pages/pda-page';
import { WorkPage } from './pages/work-page';
import { clearSession, loadSession, saveSession, type StationSession } from './lib/session';
import { stationLogout } from './lib/station-api';

/** The station app: signed in (the session survives reloads and restarts) or at the sign-in form; a PAD's work page or a PDA's. */
export function StationApp() {
  const [session, setSession] = useState<StationSession | null>(loadSession);
  const [notice, setNotice] = useState<string | null>(null);

  const onSignedIn = (next: StationSession) => {
    saveSession(next);
    setNotice(null);
    setSession(next);
  };
  const onExpired = useCallback((message: string) => {
    clearSession();
    setNotice(message);
    setSession(null);
  }, []);
  const onLogout = () => {
    if (session) void stationLogout(session.token).catch(() => undefined);
    clearSession();
    setNotice(null);
    setSession(null);
  };

  if (!session) return <LoginPage onSignedIn={onSignedIn} notice={notice} />;
  // A PDA handheld does the finished-goods work (入库 · 抽检 · 出库); a PAD the overall check of its flow.
  const Page = session.terminal.terminalType === 'PDA' ? PdaPage : WorkPage;
  return <Page key={session.token} session={session} onLogout={onLogout} onExpired={onExpired} />;
}
