import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/field';
import { EMPTY_LINK_FORM, MAX_CLICKS_LIMIT, MAX_LINK_NAME, validateLinkForm, type LinkFormErrors, type LinkFormValues } from '../hooks/link-form';
import { MAX_URL_LENGTH } from './link-text';

interface Props {
  onAdd: (values: LinkFormValues) => Promise<{ ok: true } | { ok: false; error: string }>;
  /** Why adding is not possible right now (plan inactive, limit reached); null when it is. */
  blockedReason: ReactNode | null;
}

/** The add-link form: URL (spec §5 rule), optional name, max clicks or unlimited (∞). */
export function AddLinkForm({ onAdd, blockedReason }: Props) {
  const [values, setValues] = useState<LinkFormValues>(EMPTY_LINK_FORM);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const unlimitedId = useId();
  const blocked = blockedReason !== null;

  const set = <K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field === 'unlimited' ? 'maxClicks' : field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || blocked) return;
    const found = validateLinkForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    const result = await onAdd(values);
    setSaving(false);
    if (result.ok) setValues(EMPTY_LINK_FORM);
    else setFailure(result.error); // the typing stays so the member can fix and retry
  };

  return (
    <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="Add a link">
      <h2>Add a link</h2>
      {blockedReason && <div className="mem-notice">{blockedReason}</div>}
      {failure && <div className="mem-alert">{failure}</div>}
      <fieldset disabled={blocked} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 14, minWidth: 0 }}>
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/your-referral"
          hint="Starts with https:// or www."
          maxLength={MAX_URL_LENGTH}
          value={values.link}
          error={errors.link}
          onChange={(e) => set('link', e.target.value)}
        />
        <TextField label="Name" note="(optional)" maxLength={MAX_LINK_NAME} value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
        <div className="mem-form__row">
          <TextField
            label="Max clicks"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CLICKS_LIMIT}
            step={1}
            hint={values.unlimited ? 'Unlimited (∞): this link never completes.' : 'Clicks before the link moves to completed.'}
            disabled={values.unlimited}
            value={values.unlimited ? '' : values.maxClicks}
            error={errors.maxClicks}
            onChange={(e) => set('maxClicks', e.target.value)}
          />
          <label className="mem-check" htmlFor={unlimitedId} style={{ alignSelf: 'center' }}>
            <input id={unlimitedId} type="checkbox" checked={values.unlimited} onChange={(e) => set('unlimited', e.target.checked)} />
            Unlimited clicks (∞)
          </label>
        </div>
        <div className="mem-actions">
          <button type="submit" className="mem-btn" disabled={saving || blocked}>
            {saving ? 'Adding…' : 'Add link'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
