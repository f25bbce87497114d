/**
 * What the station keeps in localStorage. A terminal is a shared device that is
 * reloaded, switched off and on: the sign-in, the test in progress and the
 * results not yet sent must all outlive the page (sessionStorage would not).
 */
export const STORAGE_KEYS = {
  session: 'station.session',
  /** the last terminal code signed in here, offered again after 退出 */
  terminalCode: 'station.terminalCode',
  draft: 'station.draft',
  queue: 'station.queue',
  refused: 'station.refused',
  /** a PDA's stock writes (入库 · 结束入库 · 抽检 · 出库) waiting for the server, and those it refused */
  stockQueue: 'station.stockQueue',
  stockRefused: 'station.stockRefused',
  /** the PDA mode last used here, and the modes the user held at the last answer (for a start offline) */
  stockMode: 'station.stockMode',
  stockModes: 'station.stockModes',
  /** a PAD's parts-check results waiting for the server, those it refused, and today's answered ones (配件检测) */
  dtuQueue: 'station.dtuQueue',
  dtuRefused: 'station.dtuRefused',
  dtuToday: 'station.dtuToday',
} as const;

export function readStored<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    // Unreadable (hand-edited, or storage blocked): start clean rather than fail to open.
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the app keeps working from memory for this page's life.
  }
}
