import { useState, type FormEvent, type ReactNode } from 'react';
import { EMPTY_LINK_FORM, validateLinkForm, type LinkFormErrors, type LinkFormValues } from '../hooks/link-form';
import { LinkFields } from './link-fields';
import { startFromDraft, useFormDraft } from '../../../components/use-form-draft';

interface Props {
  onAdd: (values: LinkFormValues) => Promise<{ ok: true } | { ok: false; error: string }>;
  /** Why adding is not possible right now (plan inactive, limit reached); null when it is. */
  blockedReason: ReactNode | null;
  /** The first unlimited (∞) link of the queue, which a new link would join behind. */
  unlimitedInQueue?: string | null;
  /** The profile the link is for: its unsent text is kept per profile (issue 29). */
  userId?: string;
  /** 'Add your first link' on a profile without links (issue 29). */
  title?: string;
}

/** The add-link form: URL (spec §5 rule), optional name, max clicks or unlimited (∞). */
export function AddLinkForm({ onAdd, blockedReason, unlimitedInQueue, userId, title = 'Add a link' }: Props) {
  const draftKey = `add-link:${userId ?? ''}`;
  // Issue 29: what was typed survives a session that ended before it was sent.
  const [values, setValues] = useState<LinkFormValues>(() => startFromDraft(draftKey, EMPTY_LINK_FORM));
  const draft = useFormDraft(draftKey, values, EMPTY_LINK_FORM);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
    if (result.ok) {
      draft.clear();
      setValues(EMPTY_LINK_FORM);
    } else setFailure(result.error); // the typing stays so the member can fix and retry
  };

  return (
    <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="Add a link">
      <h2>{title}</h2>
      {blockedReason && <div className="mem-notice">{blockedReason}</div>}
      {failure && <div className="mem-alert">{failure}</div>}
      {!blocked && unlimitedInQueue && (
        <p className="mem-muted" style={{ margin: 0 }}>
          New links join the end of the queue, behind the unlimited (∞) link “{unlimitedInQueue}”, which never completes: you will be
          offered to move a new link ahead of it.
        </p>
      )}
      <fieldset disabled={blocked} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 14, minWidth: 0 }}>
        <LinkFields values={values} errors={errors} set={set} />
        <div className="mem-actions">
          <button type="submit" className="mem-btn" disabled={saving || blocked}>
            {saving ? 'Adding…' : 'Add link'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
