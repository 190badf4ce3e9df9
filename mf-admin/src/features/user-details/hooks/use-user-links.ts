import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorText, getUserLinks, type Link } from '@rotalink/shared-api';

/** Spec §4: completed once clicks reach max_clicks; an unlimited link (null) never completes. */
export const isCompleted = (link: Link) => link.max_clicks !== null && link.clicks >= link.max_clicks;

export const LINKS_FAILED_MESSAGE = "Could not load this user's links.";

/** The user's links, split into the pending queue and the completed list. */
export function useUserLinks(userId: string | null, handleAccessError: (err: unknown) => boolean) {
  const [links, setLinks] = useState<Link[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (!userId) return;
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const answer = await getUserLinks(userId);
      if (request === latest.current) setLinks(Array.isArray(answer?.links) ? answer.links : []);
    } catch (err) {
      if (request !== latest.current || handleAccessError(err)) return;
      console.error('Loading the user links failed', err);
      setError(errorText(err, LINKS_FAILED_MESSAGE, { serverText: false }));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [userId, handleAccessError]);

  useEffect(() => {
    void load();
    const requests = latest; // a request counter, not a DOM node: reading it at cleanup is the point
    return () => {
      requests.current++; // unmounted or another user: drop the answer in flight
    };
  }, [load]);

  const { pending, completed } = useMemo(
    () => ({ pending: links.filter((l) => !isCompleted(l)), completed: links.filter(isCompleted) }),
    [links],
  );
  return { pending, completed, loading, error, reload: load };
}
