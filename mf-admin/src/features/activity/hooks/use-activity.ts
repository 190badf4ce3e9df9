import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActivityPage, ActivityQuery } from '@rotalink/shared-api';
import { getActivity } from '@rotalink/shared-api/live';

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_FAILED = 'Could not load the activity. Please try again.';

export interface ActivityFilters {
  actor: string;
  target: string;
  action: string;
  from: string;
  to: string;
}
export const NO_FILTERS: ActivityFilters = { actor: '', target: '', action: '', from: '', to: '' };

/** The query of one page: empty filters left out (the server takes each as optional). */
export function activityQuery(filters: ActivityFilters, page: number): ActivityQuery {
  const q: Record<string, string> = { page: String(page), pageSize: String(ACTIVITY_PAGE_SIZE) };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) q[key] = value.trim();
  return q as ActivityQuery;
}

/**
 * One page of the audit log for the filters applied (issue 33), read from the server; an answer
 * to an older request never replaces a newer one.
 */
export function useActivity(filters: ActivityFilters, page: number, handleAccessError: (err: unknown) => boolean) {
  const [data, setData] = useState<ActivityPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const handle = useRef(handleAccessError);
  handle.current = handleAccessError;

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const answer = await getActivity(activityQuery(filters, page));
      if (ticket !== latest.current) return;
      setData(answer);
      setFailed(false);
    } catch (err) {
      if (ticket !== latest.current) return;
      if (!handle.current(err)) {
        console.error('Loading the activity failed', err);
        setFailed(true);
      }
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [filters, page]);

  useEffect(() => {
    void load();
  }, [load]);

  return { data, loading, failed, reload: load };
}
