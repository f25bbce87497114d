import { useCallback, useMemo, useRef, useState } from 'react';
import { FIRST_PAGE, type Paging, tablePagination } from './paging';

/**
 * The state every list page keeps (issue 14: nine pages had their own copy): the
 * filters the list is read with, the search box's draft (typed, not yet searched),
 * the page, and a reset back to the first state. Any filter change returns to page 1,
 * keeping the page size.
 */
export function useListState<F extends object>(initialFilters: F, firstPage: Paging = FIRST_PAGE) {
  // The first render's values are the reset target, whatever the caller passes later.
  const initial = useRef({ filters: initialFilters, paging: firstPage }).current;
  const [filters, setFilters] = useState<F>(initial.filters);
  const [draft, setDraft] = useState('');
  const [paging, setPaging] = useState<Paging>(initial.paging);

  const filter = useCallback((changes: Partial<F>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPaging((current) => ({ ...current, page: 1 }));
  }, []);

  const reset = useCallback(() => {
    setFilters(initial.filters);
    setDraft('');
    setPaging(initial.paging);
  }, [initial]);

  const pagination = useCallback((total: number, sizes?: readonly number[]) => tablePagination(paging, total, setPaging, sizes), [paging]);

  return useMemo(
    () => ({ filters, filter, draft, setDraft, paging, setPaging, reset, pagination }),
    [filters, filter, draft, paging, reset, pagination],
  );
}
