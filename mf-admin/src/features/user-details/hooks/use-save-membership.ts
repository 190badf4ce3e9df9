import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { errorText, MESSAGES, updateUser, type AdminUser, type UpdateUserBody } from '@rotalink/shared-api';

/**
 * Saves the membership (spec §7 updateUser) and hands the server's copy of the user back.
 * Resolves to null on success (or when an access error was handled by the page), else to the
 * text the dialog shows.
 */
export function useSaveMembership(
  user: AdminUser | null,
  onSaved: (user: AdminUser) => void,
  handleAccessError: (err: unknown) => boolean,
) {
  return useCallback(
    async (body: UpdateUserBody): Promise<string | null> => {
      if (!user) return null;
      try {
        const answer = await updateUser(user.user_id, body);
        toast.success(answer?.message || 'Membership updated.');
        // The answer's user is authoritative; fields it lacks keep their shown value.
        onSaved({ ...user, ...body, ...(answer?.user ?? {}) } as AdminUser);
        return null;
      } catch (err) {
        if (handleAccessError(err)) return null;
        console.error('Saving the membership failed', err);
        return errorText(err, MESSAGES.somethingWentWrong);
      }
    },
    [user, onSaved, handleAccessError],
  );
}
