import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { deleteUser, getAllUsers, type AdminUser } from '@rotalink/shared-api';
import { useAdminAccess } from '../../../hooks/use-admin-access';

/** The answer is an array; spec §7 says "array or users", so `{ users: [...] }` is read too. */
function toUserArray(data: unknown): AdminUser[] {
  if (Array.isArray(data)) return data as AdminUser[];
  const users = (data as { users?: unknown } | null)?.users;
  return Array.isArray(users) ? (users as AdminUser[]) : [];
}

/**
 * The admin's user list: load, refresh and delete. Spec §8: list and delete errors are only
 * logged — except access errors (issue 5), which show the admin-only notice or go to /admin.
 */
export function useUsers() {
  const { forbidden, handleAccessError } = useAdminAccess();
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [loading, setLoading] = useState(true);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const alive = useRef(true);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current; // an older, slower answer never overwrites a newer one
    setLoading(true);
    try {
      const data = await getAllUsers();
      if (alive.current && request === latest.current) setUsers(toUserArray(data));
    } catch (err) {
      if (!alive.current || handleAccessError(err)) return;
      console.error('Loading the user list failed', err); // spec §8: logged only
    } finally {
      if (alive.current && request === latest.current) setLoading(false);
    }
  }, [handleAccessError]);

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

  return { users, loading, forbidden, deletingId, reload: load, remove };
}
