import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorKind, errorText, getAdminUser, type AdminUser, type Link, type SubProfile } from '@rotalink/shared-api';

export const NOT_FOUND_MESSAGE = 'That user could not be found. Pick one from the list.';
export const LOAD_FAILED_MESSAGE = 'Could not load that user. Pick one from the list.';
export const DETAILS_FAILED_MESSAGE = "Could not load this user's links.";

/** Spec §4: completed once clicks reach max_clicks; an unlimited link (null) never completes. */
export const isCompleted = (link: Link) => link.max_clicks !== null && link.clicks >= link.max_clicks;

function userFromState(state: unknown): AdminUser | null {
  const user = (state as { user?: unknown } | null)?.user;
  return user && typeof user === 'object' && typeof (user as AdminUser).user_id === 'string' ? (user as AdminUser) : null;
}

/**
 * The user on /user-details (spec §2) and what the page shows of them, from one admin read by id
 * (issue 12: `GET /api/admin/users/:userId`, no list). The navigation state's copy is shown at once
 * while the read runs; after a reload or from a bookmark `?userId=` alone is enough. No id, or a
 * user that is gone → back to the list with a message (issue 5).
 */
export function useUserDetails(handleAccessError: (err: unknown) => boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [user, setUserState] = useState<AdminUser | null>(() => userFromState(location.state));
  const [links, setLinks] = useState<Link[]>([]);
  const [subProfiles, setSubProfiles] = useState<SubProfile[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const userId = params.get('userId') ?? user?.user_id ?? null;
  const hadUser = useRef(user !== null);
  const latest = useRef(0);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const backToList = useCallback((message: string) => {
    // toastId: StrictMode's double effect must not show the message twice.
    toast.error(message, { toastId: 'adm-details-missing' });
    navigateRef.current('/admin_dashboard', { replace: true });
  }, []);

  const load = useCallback(async () => {
    if (!userId) return backToList(NOT_FOUND_MESSAGE);
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const answer = await getAdminUser(userId);
      if (request !== latest.current) return;
      hadUser.current = true;
      setUserState(answer.user);
      setLinks(answer.links);
      setSubProfiles(answer.subProfiles);
    } catch (err) {
      if (request !== latest.current || handleAccessError(err)) return;
      console.error('Loading the user failed', err);
      if (errorKind(err) === 'not-found') return backToList(NOT_FOUND_MESSAGE);
      if (!hadUser.current) return backToList(errorText(err, LOAD_FAILED_MESSAGE, { serverText: false }));
      setError(errorText(err, DETAILS_FAILED_MESSAGE, { serverText: false }));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [userId, handleAccessError, backToList]);

  useEffect(() => {
    void load();
    const requests = latest; // a request counter, not a DOM node: reading it at cleanup is the point
    return () => {
      requests.current++; // unmounted or another user: drop the answer in flight
    };
  }, [load]);

  /** After a save: show the server's copy, and keep it in the history entry for Back/Forward. */
  function setUser(next: AdminUser) {
    setUserState(next);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...(location.state as object | null), user: next } });
  }

  const { pending, completed } = useMemo(
    () => ({ pending: links.filter((l) => !isCompleted(l)), completed: links.filter(isCompleted) }),
    [links],
  );
  const from = (location.state as { from?: unknown } | null)?.from;
  const listPath = typeof from === 'string' && from.startsWith('/admin_dashboard') ? from : '/admin_dashboard';
  return { user, setUser, pending, completed, subProfiles, loading, error, reload: load, listPath };
}
