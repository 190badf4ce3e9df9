import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_LIST } from '@rotalink/shared-api';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { placeFrom } from './first-page';

/** The admin pauses this long before the search goes to the server (issue 12). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest search the API takes (part of an email). */
export const SEARCH_MAX_LENGTH = ADMIN_LIST.maxSearch;

/**
 * Where the admin is in the list: the search and the page live in the URL (`?q=&page=`, replaced,
 * never stacked in history), so Back from a user's details and a reload land on the same place.
 * The search box is local state, so typing never waits for the router; its value reaches the URL
 * (and so the server) once the admin pauses.
 */
export function useListPlace() {
  const [params, setParams] = useSearchParams();
  const { q, page } = placeFrom(`?${params.toString()}`);
  // The search as asked (trimmed, at most SEARCH_MAX_LENGTH characters), so the box shows what is searched.
  const [input, setInput] = useState(q);
  const settled = useDebouncedValue(input, SEARCH_DEBOUNCE_MS).trim();

  const go = useCallback(
    (nextQ: string, nextPage: number) => {
      const next = new URLSearchParams();
      if (nextQ) next.set('q', nextQ);
      if (nextPage > 1) next.set('page', String(nextPage));
      setParams(next, { replace: true });
    },
    [setParams],
  );

  // A new search starts at its first page.
  useEffect(() => {
    if (settled !== q) go(settled, 1);
  }, [settled, q, go]);

  /** The words typed but not sent yet (the list still shows the previous search). */
  const pending = input.trim() !== q;
  return { q, page, input, setInput, pending, setPage: (next: number) => go(q, next) };
}
