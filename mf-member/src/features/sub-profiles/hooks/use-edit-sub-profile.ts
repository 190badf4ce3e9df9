import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, MESSAGES, getSubProfile, tokenStore, updateSubProfile } from '@rotalink/shared-api';
import { isUnauthorized } from '../../../components/api-error';
import { useAsyncData } from '../../../components/use-async-data';
import { useSubProfileForm, type SubProfileValues } from './use-sub-profile-form';

class NotFound extends Error {}

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

  const load = useAsyncData(async () => {
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
  }, [userId], Boolean(userId && tokenStore.getToken()));

  const loadError =
    load.state.status === 'error' ? (isUnauthorized(load.state.error) ? MESSAGES.unauthorizedLogin : MESSAGES.loadProfileFailedShort) : null;

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
      const text = isUnauthorized(error) ? MESSAGES.unauthorizedLogin : MESSAGES.updateFailed;
      // The server's reason (e.g. an email already in use) helps the member fix the form.
      const detail = error instanceof ApiError ? error.serverMessage : undefined;
      setFailure({ text, detail: detail && detail !== text ? detail : undefined });
      toast.error(text);
      setSaving(false);
    }
  };

  return { load, loadError, form, saving, failure, save };
}
