import { useCallback, useEffect, useRef } from 'react';

/** One key per form and profile; sessionStorage, so a draft lives in this tab only and dies with it. */
const KEY_PREFIX = 'rotalink:draft:';

function readDraft<T extends object>(key: string): Partial<T> | null {
  try {
    const raw = sessionStorage.getItem(KEY_PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null;
  } catch {
    return null; // storage off (private mode) or a damaged value: start empty
  }
}

/** The values a form starts from: its kept draft over `initial` (issue 29). */
export function startFromDraft<T extends object>(key: string, initial: T): T {
  return { ...initial, ...(readDraft<T>(key) ?? {}) };
}

/**
 * Issue 29: an unsent form's text survives a session that ends mid-form. The values are kept in
 * sessionStorage as they are typed (start the form with `startFromDraft`); after the sign-in
 * brings the member back to this page the form starts from them; `clear()` once the server
 * accepted the form. Never use it for passwords.
 */
export function useFormDraft<T extends object>(key: string, values: T, initial: T): { clear: () => void } {
  const cleared = useRef(false);
  useEffect(() => {
    try {
      const empty = JSON.stringify(values) === JSON.stringify(initial);
      if (empty || cleared.current) sessionStorage.removeItem(KEY_PREFIX + key);
      else sessionStorage.setItem(KEY_PREFIX + key, JSON.stringify(values));
    } catch {
      /* storage full or off: the form still works, only without a draft */
    }
    cleared.current = false;
  }, [key, values, initial]);
  const clear = useCallback(() => {
    cleared.current = true;
    try {
      sessionStorage.removeItem(KEY_PREFIX + key);
    } catch {
      /* nothing kept */
    }
  }, [key]);
  return { clear };
}
