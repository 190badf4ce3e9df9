import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorKind, errorText, getAdminUser, type AdminUser, type Link } from '@rotalink/shared-api';
import { useUserRead } from '../../../hooks/use-user-read';

export const NOT_FOUND_MESSAGE = 'That user could not be found. Pick one from the list.';
export const LOAD_FAILED_MESSAGE = 'Could not load that user. Pick one from the list.';
export const DETAILS_FAILED_MESSAGE = "Could not load this user's links.";

/** Spec §4: completed once clicks reach max_clicks; an unlimited link (null) never completes. */
export const isCompleted = (link: Link) => link.max_clicks !== null && link.clicks >= link.max_clicks;

function userFromState(state: unknown): AdminUser | null {
  const user = (state as { user?: unknown } | null)?.user;
  return user && typeof user === 'object' && typeof (user as AdminUser).user_id === 'string' ? (user as AdminUser) : null;
}

const DETAILS_FAILURE = { message: DETAILS_FAILED_MESSAGE, log: 'Loading the user failed' };

/**
 * The user on /user-details (spec §2) and what the page shows of them, from one admin read by id
 * (issue 12: `GET /api/admin/users/:userId`, no list), loaded (and retried) by useUserRead. The
 * navigation state's copy is shown at once while the read runs; after a reload or from a bookmark
 * `?userId=` alone is enough. No id, or a user that is gone → back to the list with a message
 * (issue 5); a failure once the user is shown keeps them and offers "Try again".
 */
export function useUserDetails(handleAccessError: (err: unknown) => boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [user, setUserState] = useState<AdminUser | null>(() => userFromState(location.state));
  const userId = params.get('userId') ?? user?.user_id ?? null;
  const hadUser = useRef(user !== null);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const backToList = useCallback((message: string) => {
    // toastId: StrictMode's double effect must not show the message twice.
    toast.error(message, { toastId: 'adm-details-missing' });
    navigateRef.current('/admin_dashboard', { replace: true });
  }, []);

  /** Access errors as everywhere; a user that is gone, or never shown, sends the page back to the list. */
  const handleFailure = useCallback(
    (err: unknown) => {
      if (handleAccessError(err)) return true;
      if (errorKind(err) === 'not-found') backToList(NOT_FOUND_MESSAGE);
      else if (!hadUser.current) backToList(errorText(err, LOAD_FAILED_MESSAGE, { serverText: false }));
      else return false;
      console.error(DETAILS_FAILURE.log, err);
      return true;
    },
    [handleAccessError, backToList],
  );
  const { data, loading, error, reload } = useUserRead(userId, getAdminUser, handleFailure, DETAILS_FAILURE);

  useEffect(() => {
    if (!userId) backToList(NOT_FOUND_MESSAGE);
  }, [userId, backToList]);
  useEffect(() => {
    if (!data) return;
    hadUser.current = true;
    setUserState(data.user);
  }, [data]);

  /** After a save: show the server's copy, and keep it in the history entry for Back/Forward. */
  function setUser(next: AdminUser) {
    setUserState(next);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...(location.state as object | null), user: next } });
  }

  const links = data?.links;
  const { pending, completed } = useMemo(
    () => ({ pending: (links ?? []).filter((l) => !isCompleted(l)), completed: (links ?? []).filter(isCompleted) }),
    [links],
  );
  const from = (location.state as { from?: unknown } | null)?.from;
  const listPath = typeof from === 'string' && from.startsWith('/admin_dashboard') ? from : '/admin_dashboard';
  return {
    user,
    setUser,
    member: data?.member ?? null,
    pending,
    completed,
    paused: data?.paused ?? [],
    subProfiles: data?.subProfiles ?? [],
    loading,
    error,
    reload,
    listPath,
  };
}
