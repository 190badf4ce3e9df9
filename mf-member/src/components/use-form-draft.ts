import { useCallback, useEffect, useRef } from 'react';
import { tokenStore } from '@rotalink/shared-api';

/** sessionStorage, so a draft lives in this tab only and dies with it. */
const KEY_PREFIX = 'rotalink:draft:';

/**
 * Whose draft it is: the held token's subject (read, not verified — it only keeps one person's
 * unsent text from another who signs in later in the same tab; the server checks every call).
 */
function signedInAs(): string | null {
  try {
    const payload = (tokenStore.getToken() ?? '').split('.')[1];
    if (!payload) return null;
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** One key per person, form and profile: a draft is never shown to, nor removed by, someone else. */
const storageKey = (key: string) => `${KEY_PREFIX}${signedInAs() ?? '-'}:${key}`;

function readDraft<T extends object>(key: string): Partial<T> | null {
  try {
    const raw = sessionStorage.getItem(storageKey(key));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null;
  } catch {
    return null; // storage off (private mode) or a damaged value: start empty
  }
}

/** Fields never written to storage (passwords), whatever a form lists. */
type Never<T> = readonly (keyof T)[];

function without<T extends object>(values: T, never: Never<T>): Partial<T> {
  const kept: Partial<T> = { ...values };
  for (const field of never) delete kept[field];
  return kept;
}

/** The values a form starts from: its kept draft over `initial` (issue 29). */
export function startFromDraft<T extends object>(key: string, initial: T, never: Never<T> = []): T {
  return { ...initial, ...without((readDraft<T>(key) ?? {}) as T, never) };
}

/**
 * Issue 29: an unsent form's text survives a session that ends mid-form. The values are kept in
 * sessionStorage as they are typed (start the form with `startFromDraft`); after the sign-in
 * brings the member back to this page the form starts from them; `clear()` once the server
 * accepted the form. `initial` is what the form showed before any typing (empty, or the saved
 * data of an edit form): values equal to it are no draft. Until an edit form has loaded, pass
 * null. `never` lists the fields not kept (passwords).
 */
export function useFormDraft<T extends object>(
  key: string,
  values: T | null,
  initial: T | null,
  never: Never<T> = [],
): { clear: () => void } {
  const cleared = useRef(false);
  const neverKey = never.join(',');
  useEffect(() => {
    if (!values || !initial) return;
    try {
      const kept = without(values, never);
      const empty = JSON.stringify(kept) === JSON.stringify(without(initial, never));
      if (empty || cleared.current) sessionStorage.removeItem(storageKey(key));
      else sessionStorage.setItem(storageKey(key), JSON.stringify(kept));
    } catch {
      /* storage full or off: the form still works, only without a draft */
    }
    cleared.current = false;
    // `never` is compared by its contents (a literal array is new on every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, values, initial, neverKey]);
  const clear = useCallback(() => {
    cleared.current = true;
    try {
      sessionStorage.removeItem(storageKey(key));
    } catch {
      /* nothing kept */
    }
  }, [key]);
  return { clear };
}
