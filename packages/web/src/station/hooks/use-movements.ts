import { useCallback, useEffect, useState } from 'react';
import type { StockMovement } from '../lib/contracts';
import { fetchMovements } from '../lib/stock-api';
import { StationError } from '../lib/station-api';

/** This terminal's stock movements of today, as the server has them. A failed refresh keeps the last list. */
export function useMovements(token: string, onExpired: (message: string) => void) {
  const [rows, setRows] = useState<StockMovement[]>([]);

  const reload = useCallback(async () => {
    try {
      setRows(await fetchMovements(token));
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
    }
  }, [token, onExpired]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { rows, reload };
}
