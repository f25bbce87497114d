import { useCallback, useEffect, useState } from 'react';
import type { StationResultRow } from '../lib/contracts';
import { fetchTodayResults, StationError } from '../lib/station-api';

/** This terminal's results of today, as the server has them. A failed refresh keeps the last list. */
export function useTodayResults(token: string, onExpired: (message: string) => void) {
  const [rows, setRows] = useState<StationResultRow[]>([]);

  const reload = useCallback(async () => {
    try {
      setRows(await fetchTodayResults(token));
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
    }
  }, [token, onExpired]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { rows, reload };
}
