import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorText, type ConversionSettings, type UpdateConversionSettingsBody } from '@rotalink/shared-api';
import { getConversionSettings, rotatePostbackKey, updateConversionSettings } from '@rotalink/shared-api/live';
import { useAsyncData } from '../../../components/use-async-data';

type Outcome = { ok: true } | { ok: false; error: string };

/** Issue 30: a profile's postback key and conversion settings, saved and rotated from the links page. */
export function useConversionSettings(userId: string) {
  const settings = useAsyncData(() => getConversionSettings(userId), [userId], Boolean(userId));
  const [saved, setSaved] = useState<ConversionSettings | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<ConversionSettings>, done: string, failed: string): Promise<Outcome> => {
    setBusy(true);
    try {
      setSaved(await action());
      toast.success(done);
      return { ok: true };
    } catch (error) {
      const text = errorText(error, failed);
      toast.error(text);
      return { ok: false, error: text };
    } finally {
      setBusy(false);
    }
  };

  const save = (changes: Omit<UpdateConversionSettingsBody, 'user_id'>) =>
    run(
      () => updateConversionSettings({ user_id: userId, ...changes }),
      'Conversion settings saved',
      'Saving the conversion settings failed.',
    );
  const rotate = () =>
    run(() => rotatePostbackKey(userId), 'New postback key made: update it at your networks', 'Making a new key failed.');

  const current = saved ?? (settings.state.status === 'ready' ? settings.state.data : null);
  return { settings, current, save, rotate, busy };
}
