import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }
  | { status: 'ready'; data: T; error?: undefined };

/**
 * Loads data once the page mounts and whenever `reload()` is called. While a reload runs the
 * previous data stays on screen (`refreshing`), so a Refresh never blanks the page; a late
 * answer of an older request never overwrites a newer one.
 */
export function useAsyncData<T>(load: () => Promise<T>, deps: readonly unknown[], enabled = true) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const requestId = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const run = useCallback(async (keepData: boolean) => {
    const id = ++requestId.current;
    if (keepData) setRefreshing(true);
    else setState({ status: 'loading' });
    try {
      const data = await loadRef.current();
      if (id === requestId.current) setState({ status: 'ready', data });
    } catch (error) {
      if (id !== requestId.current) return;
      // A failed refresh keeps what is on screen; the caller shows the error separately.
      setState((prev) => (keepData && prev.status === 'ready' ? prev : { status: 'error', error }));
      if (keepData) throw error;
    } finally {
      if (id === requestId.current) setRefreshing(false);
    }
  }, []);

  useEffect(() => {
    if (!enabled) return; // nothing to load yet (e.g. no id in the address); the page says why
    void run(false);
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a request counter, not a DOM node: bumping the current value is the point
      requestId.current++; // ignore answers that arrive after unmount or a dependency change
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);

  /** Reload without blanking the page; rejects when the reload fails. */
  const refresh = useCallback(() => run(true), [run]);
  /** Reload from scratch (the Retry of an error panel). */
  const retry = useCallback(() => void run(false), [run]);
  /** Show data the server just answered (e.g. the lists after a reorder); older loads in flight are dropped. */
  const replace = useCallback((data: T) => {
    requestId.current++;
    setRefreshing(false);
    setState({ status: 'ready', data });
  }, []);
  return { state, refreshing, refresh, retry, replace };
}
