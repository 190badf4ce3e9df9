import { useCallback, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

export type AsyncState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }
  | { status: 'ready'; data: T; error?: undefined };

/**
 * Loads data once the page mounts and whenever `reload()` is called, through TanStack Query (the
 * remote's queryClient, issue 26): it keeps the answer, drops a late answer of an older request and
 * keeps the previous data on screen while a refresh runs (`refreshing`), so a Refresh never blanks
 * the page. Each use is its own query (keyed by this hook's id and `deps`).
 */
export function useAsyncData<T>(load: () => Promise<T>, deps: readonly unknown[], enabled = true) {
  const id = useId();
  const loadRef = useRef(load);
  loadRef.current = load;
  const queryKey = ['mf-member', id, ...deps];
  const query = useQuery({ queryKey, queryFn: () => loadRef.current(), enabled }, queryClient);

  let state: AsyncState<T>;
  // A failed refresh keeps what is on screen; the caller shows the error separately.
  if (query.data !== undefined) state = { status: 'ready', data: query.data };
  else if (query.isError) state = { status: 'error', error: query.error };
  else state = { status: 'loading' };
  const refreshing = query.isFetching && query.data !== undefined;

  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  /** Reload without blanking the page; rejects when the reload fails. */
  const refresh = useCallback(async () => {
    const result = await queryClient.refetchQueries({ queryKey: keyRef.current, exact: true }, { throwOnError: true });
    return result;
  }, []);
  /** Reload from scratch (the Retry of an error panel). */
  const retry = useCallback(() => void queryClient.resetQueries({ queryKey: keyRef.current, exact: true }), []);
  /** Show data the server just answered (e.g. the lists after a reorder); older loads in flight are dropped. */
  const replace = useCallback((data: T) => {
    void queryClient.cancelQueries({ queryKey: keyRef.current, exact: true });
    queryClient.setQueryData(keyRef.current, data);
  }, []);
  return { state, refreshing, refresh, retry, replace };
}
