import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorText, getRotatorSettings, updateRotatorSettings, type RotatorSettings } from '@rotalink/shared-api';
import { useAsyncData } from '../../../components/use-async-data';
import { toUpdateBody, type RotatorFormValues } from './rotator-form';

/** One profile's rotator settings: loaded once, saved as a whole, the saved answer shown back. */
export function useRotatorSettings(userId: string) {
  const settings = useAsyncData(() => getRotatorSettings(userId), [userId], Boolean(userId));
  const [saved, setSaved] = useState<RotatorSettings | null>(null);
  const [saving, setSaving] = useState(false);

  /** Resolves the saved settings, or the server's error text (400s name the field). */
  const save = async (values: RotatorFormValues): Promise<{ ok: true; settings: RotatorSettings } | { ok: false; error: string }> => {
    setSaving(true);
    try {
      const result = await updateRotatorSettings(toUpdateBody(values, userId));
      setSaved(result.settings);
      toast.success(result.message);
      return { ok: true, settings: result.settings };
    } catch (error) {
      const text = errorText(error, 'Saving the rotator settings failed.');
      toast.error(text);
      return { ok: false, error: text };
    } finally {
      setSaving(false);
    }
  };

  const current = saved ?? (settings.state.status === 'ready' ? settings.state.data : null);
  return { settings, current, save, saving };
}
