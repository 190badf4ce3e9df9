import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, deleteSubProfile, type SubProfile, errorText } from '@rotalink/shared-api';

/**
 * Deleting a sub-profile (issue 13): asked first, since its public page and all its links go with
 * it; then the list is loaded again. `busyId` disables that row's buttons meanwhile.
 */
export function useDeleteSubProfile(refresh: () => Promise<void>) {
  const [busyId, setBusyId] = useState<string | null>(null);

  const remove = async (sub: SubProfile) => {
    const name = `${sub.first_name} ${sub.last_name}`.trim();
    if (!window.confirm(`Delete the sub-profile "${name}"? Its public page and all its links are deleted too. This cannot be undone.`))
      return;
    setBusyId(sub.user_id);
    try {
      const result = await deleteSubProfile(sub.user_id);
      toast.success(result.message || 'Sub-profile deleted.');
      await refresh().catch(() => toast.error('Failed to load sub-profiles.'));
    } catch (error) {
      toast.error(errorText(error, MESSAGES.somethingWentWrong));
    } finally {
      setBusyId(null);
    }
  };

  return { busyId, remove };
}
