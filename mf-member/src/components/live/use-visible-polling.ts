import { useEffect, useRef, useState } from 'react';
import { LIVE_POLL_MS } from '@rotalink/shared-api/live';

/** The longest wait between two polls after repeated failures (decision 0069). */
export const MAX_BACKOFF_MS = 60_000;

export interface PollingOptions {
  /** False: no polling at all (nothing loaded yet, or the page is busy). */
  enabled?: boolean;
  /** The wait between the end of one poll and the start of the next while all goes well. */
  intervalMs?: number;
  /** Poll at once when enabled (the poll is also the first load), instead of after one interval. */
  immediate?: boolean;
}

export interface PollingStatus {
  /** Consecutive failed polls (0 while all is well). */
  failures: number;
}

/** The wait after `failures` failed polls in a row: the interval, doubled per failure, capped. */
export function nextDelay(intervalMs: number, failures: number): number {
  return failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, MAX_BACKOFF_MS);
}

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Runs `tick` again and again while the tab is visible (issue 15 live counts, decision 0069):
 * one request at a time (the next wait starts when a poll ends, so a slow API never piles
 * requests up), nothing at all while the tab is hidden (Page Visibility API), a poll at once
 * when it becomes visible again, and a doubling wait after failures (up to a minute), back to
 * the interval after the first success. `tick` rejects to count a failure.
 */
export function useVisiblePolling(
  tick: () => Promise<void>,
  { enabled = true, intervalMs = LIVE_POLL_MS, immediate = false }: PollingOptions = {},
): PollingStatus {
  const tickRef = useRef(tick);
  tickRef.current = tick;
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let running = false;
    let failed = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const clear = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const schedule = () => {
      clear();
      if (!stopped && visible()) timer = setTimeout(() => void run(), nextDelay(intervalMs, failed));
    };
    const run = async () => {
      if (stopped || running || !visible()) return;
      running = true;
      try {
        await tickRef.current();
        failed = 0;
      } catch {
        failed += 1;
      } finally {
        running = false;
      }
      if (stopped) return;
      setFailures(failed);
      schedule();
    };
    const onVisibility = () => {
      if (!visible()) clear();
      else if (!running) {
        clear();
        void run(); // back in view: catch up at once, then the usual rhythm
      }
    };

    if (immediate && visible()) void run();
    else schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clear();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, intervalMs, immediate]);

  return { failures: enabled ? failures : 0 };
}
