import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '@rotalink/shared-api';

/**
 * One read about the user a page shows (their links, their clicks): loaded when the user is
 * known, again on `reload`; an answer for an earlier user or after unmount is dropped. Access
 * errors go to the page's handler (403 notice, 401 → /admin); other failures become `error`,
 * the page's fixed text (or the unavailable text on a 503).
 */
export function useUserRead<T>(
  userId: string | null,
  read: (userId: string) => Promise<T>,
  handleAccessError: (err: unknown) => boolean,
  failure: { message: string; log: string },
) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
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
      if (request !== latest.current || handleAccessError(err)) return;
      console.error(log, err);
      setError(errorText(err, message, { serverText: false }));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [userId, handleAccessError, message, log]);

  useEffect(() => {
    void load();
    const requests = latest; // a request counter, not a DOM node: reading it at cleanup is the point
    return () => {
      requests.current++; // unmounted or another user: drop the answer in flight
    };
  }, [load]);

  return { data, loading, error, reload: load };
}
