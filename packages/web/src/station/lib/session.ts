import type { StationLoginResult } from './contracts';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export type StationSession = StationLoginResult;

export function loadSession(): StationSession | null {
  const session = readStored<StationSession>(STORAGE_KEYS.session);
  return session && typeof session.token === 'string' && session.terminal && session.user ? session : null;
}

export function saveSession(session: StationSession): void {
  writeStored(STORAGE_KEYS.session, session);
  writeStored(STORAGE_KEYS.terminalCode, session.terminal.code);
}

export function clearSession(): void {
  writeStored(STORAGE_KEYS.session, null);
}

export function lastTerminalCode(): string {
  return readStored<string>(STORAGE_KEYS.terminalCode) ?? '';
}
