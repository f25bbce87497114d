import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES, type Paging, tablePagination } from './paging';

/**
 * useListState (use-list-state.ts) with the filters and the page kept in the address,
 * so that 返回 from a batch, a reload or a shared link finds the list as it was left.
 * Each filter is a text of the query; one at its default is left out of the address,
 * and an empty one is written as `key=` (so a cleared date, unlike a missing one, is
 * "every day"). Any filter change returns to page 1, keeping the page size. The other
 * parameters of the address (the batch's id) are kept. Addresses are replaced, not
 * pushed: the browser's back button leaves the page rather than undoing a filter.
 * `textKey` names the filter the search box types (its draft is kept apart until searched).
 */
export function useUrlListState<K extends string>(defaults: Readonly<Record<K, string>>, textKey?: NoInfer<K>) {
  const [params, setParams] = useSearchParams();

  const filters = useMemo(() => {
    const read = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) read[key] = params.get(key) ?? defaults[key];
    return read;
  }, [params, defaults]);

  const paging = useMemo<Paging>(() => pagingOf(params), [params]);

  const write = useCallback(
    (changes: Partial<Record<K, string>>, nextPaging: Paging) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value === undefined || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          setOrDrop(next, 'page', nextPaging.page, 1);
          setOrDrop(next, 'pageSize', nextPaging.pageSize, PAGE_SIZES[0]);
          return next;
        },
        { replace: true },
      ),
    [setParams, defaults],
  );

  const filter = useCallback((changes: Partial<Record<K, string>>) => write(changes, { ...paging, page: 1 }), [write, paging]);
  const setPaging = useCallback((next: Paging) => write({}, next), [write]);
  const pagination = useCallback((total: number) => tablePagination(paging, total, setPaging), [paging, setPaging]);

  // The search box's draft: what is typed, not yet searched; it follows the address when that changes.
  const searched = textKey === undefined ? '' : filters[textKey];
  const [draft, setDraft] = useState(searched);
  const [draftOf, setDraftOf] = useState(searched);
  if (draftOf !== searched) {
    setDraftOf(searched);
    setDraft(searched);
  }

  return { filters, filter, draft, setDraft, paging, pagination };
}

function pagingOf(params: URLSearchParams): Paging {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZES[0],
  };
}

function setOrDrop(params: URLSearchParams, key: string, value: number, fallback: number) {
  if (value === fallback) params.delete(key);
  else params.set(key, String(value));
}
