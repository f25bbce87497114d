import { useCallback, useEffect, useState } from 'react';
import type { StockModes } from '../lib/contracts';
import { fetchStockModes } from '../lib/stock-api';
import { StationError } from '../lib/station-api';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';

/** How often a PDA that could not ask for its modes asks again. */
export const MODES_RETRY_MS = 10_000;

interface StoredModes {
  terminalId: number;
  userId: number;
  modes: StockModes;
}

/**
 * The PDA modes the signed-in user holds (入库, 抽检, 出库) and the terminal's line.
 * The last answer is kept for this terminal and user, so a handheld that starts
 * where the network is down still opens its modes (their writes then queue up).
 */
export function useStockModes(token: string, terminalId: number, userId: number, onExpired: (message: string) => void) {
  const [modes, setModes] = useState<StockModes | undefined>(() => {
    const stored = readStored<StoredModes>(STORAGE_KEYS.stockModes);
    return stored?.terminalId === terminalId && stored.userId === userId ? stored.modes : undefined;
  });
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const answer = await fetchStockModes(token);
      writeStored(STORAGE_KEYS.stockModes, { terminalId, userId, modes: answer } satisfies StoredModes);
      setModes(answer);
      setError(null);
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
      else setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [token, terminalId, userId, onExpired]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const unknown = modes === undefined;
  useEffect(() => {
    if (!unknown || error === null) return;
    const timer = setInterval(() => void reload(), MODES_RETRY_MS);
    return () => clearInterval(timer);
  }, [unknown, error, reload]);

  return { modes, error, reload };
}
