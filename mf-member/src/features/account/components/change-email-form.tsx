import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { EMAIL_PATTERN, MAX_EMAIL, MAX_PASSWORD, MESSAGES, changeEmail, errorText } from '@rotalink/shared-api';
import { TextField } from '../../../components/field';
import { compact } from '../../../components/validation';

type Fields = 'email' | 'password';

/**
 * Change email (issue 13): a confirmation link goes to the new address and the email changes
 * only once it is opened, so the page says where to look and that the old address still counts.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const [values, setValues] = useState<Record<Fields, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (field: Fields, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const email = values.email.trim();
    const found = compact({
      email:
        !EMAIL_PATTERN.test(email) || email.length > MAX_EMAIL
          ? 'Enter a valid email address.'
          : email.toLowerCase() === currentEmail?.toLowerCase()
            ? 'This is already your email address.'
            : undefined,
      password: values.password ? undefined : 'Enter your current password.',
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await changeEmail({ newEmail: email, currentPassword: values.password });
      setValues({ email: '', password: '' });
      setOutcome({ ok: true, text: answer.message });
      toast.success(answer.message);
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      setOutcome({ ok: false, text });
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="Change email">
      <h2>Change email</h2>
      <p className="mem-muted" style={{ margin: 0 }}>
        Current email: <strong className="mem-text">{currentEmail || 'none'}</strong>
      </p>
      {outcome && (
        <div className={outcome.ok ? 'mem-notice' : 'mem-alert'} role={outcome.ok ? 'status' : undefined}>
          {outcome.text}
          {outcome.ok && <span> Until then, keep signing in with {currentEmail}.</span>}
        </div>
      )}
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        hint="We mail a confirmation link to it; the change happens when you open that link."
        maxLength={MAX_EMAIL}
        value={values.email}
        error={errors.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={MAX_PASSWORD}
        value={values.password}
        error={errors.password}
        onChange={(e) => set('password', e.target.value)}
      />
      <div className="mem-actions">
        <button type="submit" className="mem-btn" disabled={busy}>
          {busy ? 'Sending…' : 'Send confirmation link'}
        </button>
      </div>
    </form>
  );
}
