import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { deleteUser, type AdminUser, type AllUsersPage } from '@rotalink/shared-api';
import { useAdminAccess } from '../../../hooks/use-admin-access';
import { PAGE_SIZE, usersPage } from './first-page';

export { PAGE_SIZE };

/**
 * One page of the admin's member list, paged and searched by the server (issue 12: the whole list
 * was 62 MiB at 100,000 members). Spec §8: list and delete errors are logged; the list also says
 * it could not load, with Try again (docs/decisions/0053). Access errors show the admin-only
 * notice or go to /admin (issue 5).
 */
export function useUsersPage(page: number, q: string) {
  const { forbidden, handleAccessError } = useAdminAccess();
  const [data, setData] = useState<AllUsersPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const alive = useRef(true);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current; // an older, slower answer never overwrites a newer one
    setLoading(true);
    try {
      const answer = await usersPage(page, q);
      if (alive.current && request === latest.current) {
        setData(answer);
        setFailed(false);
      }
    } catch (err) {
      if (!alive.current || request !== latest.current || handleAccessError(err)) return;
      console.error('Loading the user list failed', err); // spec §8: logged
      setFailed(true);
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
    /** Resolves to true when the user was deleted. */
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
        if (alive.current && !handleAccessError(err)) console.error('Deleting the user failed', err); // spec §8: logged only
        return false;
      } finally {
        if (alive.current) setDeletingId(null);
      }
    },
    [handleAccessError, load],
  );

  return { data, loading, failed, forbidden, deletingId, reload: load, remove };
}
