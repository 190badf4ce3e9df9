import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveAnswer } from '@rotalink/shared-api';
import type { AsyncState } from '../use-async-data';
import { useVisiblePolling, type PollingOptions } from './use-visible-polling';

/**
 * Data that keeps itself current (issue 15): loaded once, then polled with conditional requests
 * (shared-api's `LiveAnswer`: a 304 costs no parsing and no re-render) while the tab is visible.
 * A failed poll keeps what is on screen and says so (`stale`); a failed first load is an error
 * state with `retry`, and polling waits until something loaded (retrying a 403 every 3 s helps nobody).
 * `load` may build a different URL each time (a sliding range): the newest answer wins.
 */
export function useLiveData<T>(load: () => Promise<LiveAnswer<T>>, deps: readonly unknown[], options: PollingOptions = {}) {
  const { enabled = true } = options;
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const first = useCallback(async () => {
    const id = ++generation.current;
    setState({ status: 'loading' });
    try {
      const answer = await loadRef.current();
      if (id === generation.current) setState({ status: 'ready', data: answer.data });
    } catch (error) {
      if (id === generation.current) setState({ status: 'error', error });
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void first();
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a request counter, not a DOM node
      generation.current++; // answers for the previous deps are dropped
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);

  const poll = async () => {
    const id = generation.current;
    const answer = await loadRef.current();
    if (id === generation.current && answer.changed) setState({ status: 'ready', data: answer.data });
  };
  const { failures } = useVisiblePolling(poll, { ...options, enabled: enabled && state.status === 'ready' });

  return { state, stale: failures > 0, retry: () => void first() };
}
