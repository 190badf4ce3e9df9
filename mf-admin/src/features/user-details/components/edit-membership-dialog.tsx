import { useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import type { AdminUser, UpdateUserBody } from '@rotalink/shared-api';
import { PLAN } from '@rotalink/shared-api';
import { ModalDialog } from '../../../components/modal-dialog';
import {
  expiryPassedWhileActive,
  formFromUser,
  MESSAGES_FORM,
  validateMembership,
  type MembershipErrors,
  type MembershipForm,
} from '../membership-form';

interface EditMembershipDialogProps {
  user: AdminUser;
  onClose: () => void;
  /** Resolves to null when saved (the dialog then closes), else to the error text to show. */
  onSave: (body: UpdateUserBody) => Promise<string | null>;
}

/** The edit-membership modal (spec §2, §9): type, status, price, joined and expiry dates. */
export function EditMembershipDialog({ user, onClose, onSave }: EditMembershipDialogProps) {
  const [form, setForm] = useState<MembershipForm>(() => formFromUser(user));
  const [errors, setErrors] = useState<MembershipErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const expiryPassed = expiryPassedWhileActive(form, user);

  const set = <K extends keyof MembershipForm>(key: K, value: MembershipForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const { errors: found, body } = validateMembership(form, user);
    // Rendered now, so the field focused next already carries aria-invalid and its message.
    flushSync(() => {
      setErrors(found);
      setSaveError(null);
    });
    if (!body) {
      // Focus on the first invalid field: a screen reader reads its label and its message (aria-describedby).
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    const error = await onSave(body);
    if (error === null) {
      onClose();
      return;
    }
    setSaveError(error);
    setSaving(false);
  }

  return (
    <ModalDialog title="Edit membership" onClose={onClose} busy={saving}>
      <form ref={formRef} className="adm-membership" onSubmit={onSubmit} noValidate>
        <div className="adm-membership__row">
          <div className="adm-field">
            <label htmlFor="adm-m-type">Subscription type</label>
            <select
              id="adm-m-type"
              className="adm-input"
              aria-describedby="adm-m-type-hint"
              value={form.subscription_type}
              onChange={(e) => set('subscription_type', e.target.value as MembershipForm['subscription_type'])}
            >
              {/* Issue 29: the spec's two types (spec §9), each with what the member is shown for it. */}
              <option value="monthly">Monthly — the member sees the {PLAN.label} plan</option>
              <option value="yearly">Yearly — the member sees the {PLAN.label} plan</option>
            </select>
            <p id="adm-m-type-hint" className="adm-muted">
              Members see one plan, the {PLAN.label} plan, whichever type is saved here.
            </p>
          </div>
          <div className="adm-field">
            <label htmlFor="adm-m-status">Status</label>
            <select
              id="adm-m-status"
              className="adm-input"
              value={form.subscription_status}
              onChange={(e) => set('subscription_status', e.target.value as MembershipForm['subscription_status'])}
            >
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          </div>
        </div>
        <InputField
          field="price"
          label="Price (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={form.price}
          error={errors.price}
          onChange={(value) => set('price', value)}
        />
        <InputField
          field="joined"
          label="Joined (UTC)"
          type="datetime-local"
          value={form.joined}
          error={errors.joined}
          onChange={(value) => set('joined', value)}
        />
        <InputField
          field="expiry"
          label="Expires (UTC)"
          type="datetime-local"
          value={form.expiry}
          error={errors.expiry}
          onChange={(value) => set('expiry', value)}
        />
        <div>
          {/* The live region is always there (empty takes no room), so the warning is announced when it appears. */}
          <div role="status">
            {expiryPassed && <p className="adm-notice adm-notice--warn adm-membership__warning">{MESSAGES_FORM.expiryPassed}</p>}
          </div>
          <p className="adm-muted adm-membership__hint">Leave the price or a date empty to clear it.</p>
        </div>
        {saveError && (
          <p className="adm-field-error" role="alert">
            {saveError}
          </p>
        )}
        <div className="adm-membership__actions">
          <button type="button" className="adm-btn" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  field: keyof MembershipErrors;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A labelled input of the dialog, its message tied to it for screen readers. */
function InputField({ field, label, error, onChange, ...input }: InputFieldProps) {
  const id = `adm-m-${field}`;
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="adm-input"
        onChange={(e) => onChange(e.target.value)}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="adm-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
