import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, errorText, getAboutProfile, updateProfile } from '@rotalink/shared-api';
import { useAsyncData } from '../../../components/use-async-data';
import { compact, optionalText, requiredName } from '../../../components/validation';
import { startFromDraft, useFormDraft } from '../../../components/use-form-draft';

/** Issue 29: the unsent text of this form outlives a session that ended mid-edit. */
const DRAFT_KEY = 'edit-profile';

export interface ProfileValues {
  first_name: string;
  last_name: string;
  title: string;
  slogan: string;
  about: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

export function validateProfile(v: ProfileValues): ProfileErrors {
  return compact({
    first_name: requiredName(v.first_name, 'First name'),
    last_name: requiredName(v.last_name, 'Last name'),
    title: optionalText(v.title, 'Title'),
    slogan: optionalText(v.slogan, 'Slogan'),
    about: optionalText(v.about, 'About'),
  });
}

/** Spec §8's fixed texts, or "temporarily unavailable" when the API is away for a moment. */
export const loadFailureText = (error: unknown) => errorText(error, MESSAGES.loadProfileFailed, { serverText: false });

/**
 * /editprofile: prefill from aboutProfile, then save with updateProfile. On a failed save the
 * form keeps everything the member typed (spec §8 message as a toast).
 */
export function useEditProfile() {
  const [values, setValues] = useState<ProfileValues | null>(null);
  /** What the server holds: values equal to it are no draft. */
  const [saved, setSaved] = useState<ProfileValues | null>(null);
  const draft = useFormDraft(DRAFT_KEY, values, saved);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  const load = useAsyncData(async () => {
    const about = await getAboutProfile();
    const prefill: ProfileValues = {
      first_name: about.first_name ?? '',
      last_name: about.last_name ?? '',
      title: about.title ?? '',
      slogan: about.slogan ?? '',
      about: about.about ?? '',
    };
    setSaved(prefill);
    setValues(startFromDraft(DRAFT_KEY, prefill));
    return prefill;
  }, []);

  const setField = (field: keyof ProfileValues, value: string) => {
    setValues((prev) => (prev ? { ...prev, [field]: value } : prev));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const save = async () => {
    if (!values || saving) return;
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await updateProfile({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        title: values.title.trim(),
        slogan: values.slogan.trim(),
        about: values.about.trim(),
      });
      draft.clear();
      setSaved(values);
      toast.success(result.message || 'Profile updated.');
    } catch (error) {
      toast.error(errorText(error, MESSAGES.updateProfileFailed, { serverText: false })); // spec §8
    } finally {
      setSaving(false);
    }
  };

  return { load, values, errors, saving, setField, save };
}
