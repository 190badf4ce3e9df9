import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, MESSAGES, errorKind, errorText, getSubProfile, tokenStore, updateSubProfile } from '@rotalink/shared-api';
import { useAsyncData } from '../../../components/use-async-data';
import { useSubProfileForm, type SubProfileValues } from './use-sub-profile-form';

class NotFound extends Error {}

/** Spec §8: a missing token or a 401/403 is 'Unauthorized. Please login.' (and a way to sign in). */
function refusedAccess(error: unknown): boolean {
  const kind = errorKind(error);
  return kind === 'unauthorized' || kind === 'forbidden' || kind === 'session-ended';
}

/**
 * /editsubprofile?userId=: prefill from getsubprofile (subProfiles[0]), save with
 * updatesubprofile. Messages are spec §8's: 'Unauthorized. Please login.' for a missing token
 * or a 401/403, 'Failed to load profile data' and 'Update failed' otherwise.
 */
export function useEditSubProfile(userId: string) {
  const navigate = useNavigate();
  const form = useSubProfileForm();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; detail?: string } | null>(null);

  const load = useAsyncData(
    async () => {
      if (!userId) throw new NotFound();
      const answer = await getSubProfile(userId);
      const sub = answer.subProfiles?.[0];
      if (!sub) throw new NotFound();
      const prefill: SubProfileValues = {
        first_name: sub.first_name ?? '',
        last_name: sub.last_name ?? '',
        email: sub.email ?? '',
        phone: sub.phone ?? '',
        title: sub.title ?? '',
        slogan: sub.slogan ?? '',
        about: sub.about ?? '',
        password: '', // never returned; blank keeps the current one
      };
      form.setValues(prefill);
      return sub;
    },
    [userId],
    Boolean(userId && tokenStore.getToken()),
  );

  let loadError: { text: string; signIn: boolean } | null = null;
  if (load.state.status === 'error') {
    const error = load.state.error;
    loadError = refusedAccess(error)
      ? { text: MESSAGES.unauthorizedLogin, signIn: true }
      : { text: errorText(error, MESSAGES.loadProfileFailedShort, { serverText: false }), signIn: false };
  }

  const save = async () => {
    if (saving || !form.check()) return;
    const v = form.values;
    setSaving(true);
    setFailure(null);
    try {
      const result = await updateSubProfile({
        userId,
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        title: v.title.trim(),
        slogan: v.slogan.trim(),
        about: v.about.trim(),
        password: v.password,
      });
      toast.success(result?.message || 'Sub-profile updated.');
      navigate('/user');
    } catch (error) {
      const text = refusedAccess(error) ? MESSAGES.unauthorizedLogin : errorText(error, MESSAGES.updateFailed, { serverText: false });
      // The server's reason for refusing the input (an email already in use…) helps the member fix the form.
      const kind = errorKind(error);
      const detail = (kind === 'invalid' || kind === 'conflict') && error instanceof ApiError ? error.serverMessage : undefined;
      setFailure({ text, detail });
      toast.error(text);
      setSaving(false);
    }
  };

  return { load, loadError, form, saving, failure, save };
}
