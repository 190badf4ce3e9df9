import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorText, getAllUsers, type AdminUser } from '@rotalink/shared-api';

function userFromState(state: unknown): AdminUser | null {
  const user = (state as { user?: unknown } | null)?.user;
  return user && typeof user === 'object' && typeof (user as AdminUser).user_id === 'string' ? (user as AdminUser) : null;
}

export const NOT_FOUND_MESSAGE = 'That user could not be found. Pick one from the list.';
export const LOAD_FAILED_MESSAGE = 'Could not load that user. Pick one from the list.';

/**
 * The user shown on /user-details (spec §2): normally the navigation state; after a reload or
 * from a bookmark there is none, so the user is found by `?userId=` in the full list. Without an
 * id, or when the user is gone, the admin is sent back to the list with a message (issue 5).
 */
export function useDetailsUser(handleAccessError: (err: unknown) => boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [user, setUserState] = useState<AdminUser | null>(() => userFromState(location.state));
  const userId = params.get('userId');
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const hasUser = user !== null;
  useEffect(() => {
    if (hasUser) return;
    let cancelled = false;
    const backToList = (message: string) => {
      // toastId: StrictMode's double effect must not show the message twice.
      toast.error(message, { toastId: 'adm-details-missing' });
      navigateRef.current('/admin_dashboard', { replace: true });
    };
    if (!userId) {
      backToList(NOT_FOUND_MESSAGE);
      return;
    }
    getAllUsers()
      .then((data) => {
        if (cancelled) return;
        const list = Array.isArray(data) ? data : ((data as { users?: AdminUser[] })?.users ?? []);
        const found = list.find((u) => u.user_id === userId);
        if (found) setUserState(found);
        else backToList(NOT_FOUND_MESSAGE);
      })
      .catch((err: unknown) => {
        if (cancelled || handleAccessError(err)) return;
        console.error('Loading the user failed', err);
        backToList(errorText(err, LOAD_FAILED_MESSAGE, { serverText: false }));
      });
    return () => {
      cancelled = true;
    };
  }, [hasUser, userId, handleAccessError]);

  /** After a save: show the server's copy, and keep it in the history entry for Back/Forward. */
  function setUser(next: AdminUser) {
    setUserState(next);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...(location.state as object | null), user: next } });
  }

  return { user, setUser };
}
