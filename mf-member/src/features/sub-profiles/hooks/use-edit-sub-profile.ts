import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, MESSAGES, errorKind, errorText, getProfile, getSubProfile, tokenStore, updateSubProfile } from '@rotalink/shared-api';
import { NOT_YOUR_PROFILE } from '../../../components/not-your-profile';
import { PROFILE_GONE } from '../../../components/profile-gone';
import { useAsyncData } from '../../../components/use-async-data';
import { startFromDraft, useFormDraft } from '../../../components/use-form-draft';
import { useSubProfileForm, type SubProfileValues } from './use-sub-profile-form';

const NOT_KEPT = ['password'] as const;

class NotFound extends Error {}
class OwnProfile extends Error {}

/** Why the sub-profile could not be loaded: each asks the page for a different way out. */
type LoadFailure = { kind: 'sign-in' } | { kind: 'not-yours' } | { kind: 'gone' } | { kind: 'own' } | { kind: 'failed'; text: string };

/**
 * The server refuses the member's own id with the same 403 as another member's (it is not a
 * sub-profile). Only on that refusal, the signed-in account's id tells the two apart, so the
 * page can point to Edit profile instead of saying the profile is someone else's.
 */
async function ownIdOrRethrow(userId: string, error: unknown): Promise<never> {
  if (errorKind(error) === 'forbidden' && (await getProfile().catch(() => null))?.user_id === userId) throw new OwnProfile();
  throw error;
}

/**
 * Spec §8: a missing or refused token (401) is 'Unauthorized. Please login.' (and a way to sign
 * in). A 403 comes with a valid session: the id is not one of the member's sub-profiles, which
 * the page says as the links and Stats pages do, since signing in again cannot help. A 404: the
 * sub-profile was deleted (or never existed), so a Retry could never work either.
 */
function refusal(error: unknown): 'sign-in' | 'not-yours' | 'gone' | null {
  const kind = errorKind(error);
  if (kind === 'unauthorized' || kind === 'session-ended') return 'sign-in';
  if (kind === 'not-found') return 'gone';
  return kind === 'forbidden' ? 'not-yours' : null;
}

const REFUSAL_TEXT = { 'sign-in': MESSAGES.unauthorizedLogin, 'not-yours': NOT_YOUR_PROFILE, gone: PROFILE_GONE } as const;

/**
 * /editsubprofile?userId=: prefill from getsubprofile (subProfiles[0]), save with
 * updatesubprofile. Messages are spec §8's: 'Unauthorized. Please login.' for a missing token
 * or a 401, 'Failed to load profile data' and 'Update failed' otherwise; a 403 is
 * 'This profile is not one of yours.'.
 */
export function useEditSubProfile(userId: string) {
  const navigate = useNavigate();
  const form = useSubProfileForm();
  // Issue 29: the unsent edit (never the password) outlives a session that ended before Save.
  const draftKey = `edit-sub-profile:${userId}`;
  const [saved, setSaved] = useState<SubProfileValues | null>(null);
  const draft = useFormDraft(draftKey, saved ? form.values : null, saved, NOT_KEPT);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; detail?: string } | null>(null);

  const load = useAsyncData(
    async () => {
      if (!userId) throw new NotFound();
      const answer = await getSubProfile(userId).catch((error: unknown) => ownIdOrRethrow(userId, error));
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
      setSaved(prefill);
      form.setValues(startFromDraft(draftKey, prefill, NOT_KEPT));
      return sub;
    },
    [userId],
    Boolean(userId && tokenStore.getToken()),
  );

  let loadError: LoadFailure | null = null;
  if (load.state.status === 'error') {
    const error = load.state.error;
    const refused = refusal(error);
    loadError =
      error instanceof OwnProfile
        ? { kind: 'own' }
        : refused
          ? { kind: refused }
          : { kind: 'failed', text: errorText(error, MESSAGES.loadProfileFailedShort, { serverText: false }) };
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
      draft.clear();
      toast.success(result?.message || 'Sub-profile updated.');
      navigate('/user');
    } catch (error) {
      const refused = refusal(error);
      const text = refused ? REFUSAL_TEXT[refused] : errorText(error, MESSAGES.updateFailed, { serverText: false });
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
