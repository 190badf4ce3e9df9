import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '@rotalink/shared-api';

/**
 * One read about the user a page shows (the user and their links, their clicks): loaded when the
 * user is known, again on `reload`; an answer for an earlier user or after unmount is dropped.
 * A failure goes first to `handleFailure` (access errors: 403 notice, 401 → /admin; a page may
 * also handle its own, e.g. a user that is gone), which returns true when it dealt with it;
 * other failures become `error`, the page's fixed text (or the unavailable text on a 503).
 * `loading` is true from the first render when the user is known, so a page never shows an
 * empty answer before the read has even started.
 */
export function useUserRead<T>(
  userId: string | null,
  read: (userId: string) => Promise<T>,
  handleFailure: (err: unknown) => boolean,
  failure: { message: string; log: string },
) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(userId !== null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const readRef = useRef(read);
  readRef.current = read;
  const { message, log } = failure;

  const load = useCallback(async () => {
    if (!userId) return;
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const answer = await readRef.current(userId);
      if (request === latest.current) setData(answer);
    } catch (err) {
      if (request !== latest.current || handleFailure(err)) return;
      console.error(log, err);
      setError(errorText(err, message, { serverText: false }));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [userId, handleFailure, message, log]);

  useEffect(() => {
    void load();
    const requests = latest; // a request counter, not a DOM node: reading it at cleanup is the point
    return () => {
      requests.current++; // unmounted or another user: drop the answer in flight
    };
  }, [load]);

  return { data, loading, error, reload: load };
}
