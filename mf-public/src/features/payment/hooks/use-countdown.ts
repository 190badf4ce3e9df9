import { useEffect, useState } from 'react';

/** Counts down once a second from `seconds` while `running`; calls onDone at zero. */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);

  useEffect(() => {
    if (!running) return;
    setLeft(seconds);
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      // Derive from the clock, not from tick count: a throttled background tab stays on time.
      const remaining = Math.max(0, seconds - Math.round((Date.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, running]);

  useEffect(() => {
    if (running && left === 0) onDone();
    // onDone is intentionally not a dependency: it fires once when the count reaches zero.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, left]);

  return left;
}
