import { act, renderHook } from '@testing-library/react';
import { MAX_BACKOFF_MS, nextDelay, useVisiblePolling } from './use-visible-polling';

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
});
afterEach(() => jest.useRealTimers());

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}
/** Lets the timers due within `ms` fire and the polls they start settle. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('useVisiblePolling', () => {
  it('polls every interval while the tab is visible, one request at a time', async () => {
    let release: (() => void) | null = null;
    const tick = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    renderHook(() => useVisiblePolling(tick, { intervalMs: 3000 }));
    expect(tick).not.toHaveBeenCalled(); // the page loaded its data itself; polling starts after one interval
    await advance(3000);
    expect(tick).toHaveBeenCalledTimes(1);
    await advance(20_000); // a slow answer: no second request while the first is out
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => release!());
    await advance(2999);
    expect(tick).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('sends nothing while the tab is hidden and polls at once when it is shown again', async () => {
    const tick = jest.fn(async () => {});
    renderHook(() => useVisiblePolling(tick, { intervalMs: 3000 }));
    await advance(3000);
    expect(tick).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    await advance(10 * 60_000);
    expect(tick).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await advance(0);
    expect(tick).toHaveBeenCalledTimes(2);
    await advance(3000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('backs off after failures (doubling, capped at a minute), and returns to the interval after a success', async () => {
    let fail = true;
    const tick = jest.fn(async () => {
      if (fail) throw new Error('down');
    });
    const { result } = renderHook(() => useVisiblePolling(tick, { intervalMs: 3000 }));
    await advance(3000); // failure 1 → wait 6 s
    expect(result.current.failures).toBe(1);
    await advance(5999);
    expect(tick).toHaveBeenCalledTimes(1);
    await advance(1); // failure 2 → wait 12 s
    expect(tick).toHaveBeenCalledTimes(2);
    await advance(12_000); // failure 3 → 24 s
    await advance(24_000); // failure 4 → 48 s
    await advance(48_000); // failure 5 → capped at 60 s
    expect(tick).toHaveBeenCalledTimes(5);
    await advance(59_999);
    expect(tick).toHaveBeenCalledTimes(5);
    fail = false;
    await advance(1);
    expect(tick).toHaveBeenCalledTimes(6);
    expect(result.current.failures).toBe(0);
    await advance(3000);
    expect(tick).toHaveBeenCalledTimes(7);
  });

  it('stops when disabled or unmounted', async () => {
    const tick = jest.fn(async () => {});
    const { rerender, unmount } = renderHook(({ enabled }) => useVisiblePolling(tick, { enabled, intervalMs: 3000 }), {
      initialProps: { enabled: false },
    });
    await advance(10_000);
    expect(tick).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await advance(3000);
    expect(tick).toHaveBeenCalledTimes(1);
    unmount();
    await advance(60_000);
    setVisibility('hidden');
    setVisibility('visible');
    await advance(0);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('computes the backoff', () => {
    expect(nextDelay(3000, 0)).toBe(3000);
    expect(nextDelay(3000, 1)).toBe(6000);
    expect(nextDelay(3000, 4)).toBe(48_000);
    expect(nextDelay(3000, 10)).toBe(MAX_BACKOFF_MS);
  });
});

describe('useVisiblePolling, immediate', () => {
  it('polls at once when the poll is also the first load', async () => {
    const tick = jest.fn(async () => {});
    renderHook(() => useVisiblePolling(tick, { intervalMs: 3000, immediate: true }));
    await advance(0);
    expect(tick).toHaveBeenCalledTimes(1);
    await advance(3000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
