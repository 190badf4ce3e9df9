import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { errorText, MESSAGES, updateUser, type AdminUser, type UpdateUserBody, type UpdateUserOk } from '@rotalink/shared-api';
import { parseServerDate } from '../../../lib/format';

const SAVED_INACTIVE_EXPIRED = 'User updated: the plan is inactive because its expiry has passed.';

/**
 * The server's text, unless the server saved another status than the one chosen (it derives
 * inactive from a passed expiry, DESIGN §6): then the admin is told, not left to spot it.
 */
function savedMessage(body: UpdateUserBody, answer: UpdateUserOk | undefined): string {
  const saved = answer?.user;
  if (!saved || saved.subscription_status === body.subscription_status) return answer?.message || 'Membership updated.';
  const expiry = saved.package_expiry_date ? parseServerDate(saved.package_expiry_date) : null;
  if (saved.subscription_status === 'inactive' && expiry && expiry.getTime() <= Date.now()) return SAVED_INACTIVE_EXPIRED;
  return `User updated: the plan is ${saved.subscription_status}, not ${body.subscription_status}.`;
}

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
        toast.success(savedMessage(body, answer));
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
