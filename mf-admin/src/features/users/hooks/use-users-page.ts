import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { deleteUser, errorKind, errorText, type AdminUser, type AllUsersPage } from '@rotalink/shared-api';
import { useAdminAccess } from '../../../hooks/use-admin-access';
import { PAGE_SIZE, usersPage } from './first-page';

export { PAGE_SIZE };

/** The page on screen and the place (search, page number) it answers. */
interface ShownPage {
  answer: AllUsersPage;
  q: string;
  page: number;
}

export const LIST_FAILED_MESSAGE = 'The list of users could not be loaded.';

/**
 * Why the list for the current place is missing. A failed read is worth a Try again; a search the
 * server refused (a 400, e.g. longer than the API takes) fails the same way every time, so the
 * server's reason is shown instead, without the retry.
 */
export interface ListFailure {
  message: string;
  canRetry: boolean;
}

/**
 * One page of the admin's member list, paged and searched by the server (issue 12: the whole list
 * was 62 MiB at 100,000 members). Spec §8: list and delete errors are logged; the list also says
 * it could not load, with Try again (docs/decisions/0053), or gives the server's reason when it
 * refused the search. Access errors show the admin-only notice or go to /admin (issue 5).
 */
export function useUsersPage(page: number, q: string) {
  const { forbidden, handleAccessError } = useAdminAccess();
  const [shown, setShown] = useState<ShownPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<ListFailure | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const alive = useRef(true);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current; // an older, slower answer never overwrites a newer one
    setLoading(true);
    try {
      const answer = await usersPage(page, q);
      if (alive.current && request === latest.current) {
        setShown({ answer, q, page });
        setFailure(null);
      }
    } catch (err) {
      if (!alive.current || request !== latest.current || handleAccessError(err)) return;
      console.error('Loading the user list failed', err); // spec §8: logged
      const refused = errorKind(err) === 'invalid';
      setFailure({ message: refused ? errorText(err, LIST_FAILED_MESSAGE) : LIST_FAILED_MESSAGE, canRetry: !refused });
    } finally {
      if (alive.current && request === latest.current) setLoading(false);
    }
  }, [page, q, handleAccessError]);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
    };
  }, [load]);

  const remove = useCallback(
    /** Resolves to true when the user is gone (deleted now, or already). */
    async (user: AdminUser, confirmText: string): Promise<boolean> => {
      if (!window.confirm(confirmText)) return false;
      setDeletingId(user.user_id);
      try {
        const answer = await deleteUser(user.user_id);
        if (!alive.current) return false;
        toast.success(answer?.message || 'User deleted.');
        await load();
        return true;
      } catch (err) {
        if (!alive.current || handleAccessError(err)) return false;
        console.error('Deleting the user failed', err); // spec §8: logged only
        if (errorKind(err) !== 'not-found') return false;
        // Already deleted (another tab or admin): read the page again, so the row and the count
        // stop showing a user who is gone and Delete stops failing on it.
        await load();
        return true;
      } finally {
        if (alive.current) setDeletingId(null);
      }
    },
    [handleAccessError, load],
  );

  return {
    data: shown?.answer ?? null,
    /** The search the page on screen answers (it may still be the previous one while the next loads). */
    shownQ: shown?.q ?? null,
    /** The page on screen is the answer for this very search and page. */
    current: shown !== null && shown.q === q && shown.page === page,
    loading,
    failure,
    forbidden,
    deletingId,
    reload: load,
    remove,
  };
}
