import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Link } from '@rotalink/shared-api';
import { linkToFormValues, validateLinkForm, type LinkFormErrors, type LinkFormValues } from '../hooks/link-form';
import type { FormResult } from '../hooks/use-links';
import { LinkFields } from './link-fields';

interface Props {
  link: Link;
  label: string;
  onSave: (values: LinkFormValues) => Promise<FormResult>;
  onClose: () => void;
}

/**
 * A link edited in place (issue 13): URL, name, cap. Escape or Cancel closes it unchanged; a
 * failure keeps the typing and shows the server's reason.
 */
export function EditLinkForm({ link, label, onSave, onClose }: Props) {
  const [values, setValues] = useState<LinkFormValues>(() => linkToFormValues(link));
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field === 'unlimited' ? 'maxClicks' : field]: undefined }));
  };

  const cap = Number(values.maxClicks);
  // Said before saving: the server completes a link whose new cap is at or below its clicks.
  const capHint =
    !values.unlimited && Number.isInteger(cap) && cap >= 1 && cap <= link.clicks
      ? `At or below the ${link.clicks} clicks counted so far: the link completes as soon as you save.`
      : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateLinkForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    const result = await onSave(values);
    setSaving(false);
    if (result.ok) onClose();
    else setFailure(result.error);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !saving) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <form className="mem-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={`Edit ${label}`}>
      {failure && <div className="mem-alert">{failure}</div>}
      <LinkFields values={values} errors={errors} set={set} capHint={capHint} autoFocusUrl />
      <div className="mem-actions">
        <button type="submit" className="mem-btn mem-btn--small" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="mem-btn mem-btn--secondary mem-btn--small" disabled={saving} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
