import { ApiError, EMAIL_PATTERN, MAX_EMAIL, MAX_PASSWORD, changeEmail, errorKind } from '@rotalink/shared-api';
import { TextField } from '../../../components/field';
import { compact } from '../../../components/validation';
import { useAccountForm } from '../hooks/use-account-form';

type Fields = 'email' | 'password';
const EMPTY: Record<Fields, string> = { email: '', password: '' };

/** 'email-taken' is about the address; the browser checks the address first, so a 400 left is a wrong password. */
function fieldOf(error: unknown): Fields | undefined {
  if (error instanceof ApiError && error.code === 'email-taken') return 'email';
  return errorKind(error) === 'invalid' ? 'password' : undefined;
}

/**
 * Change email (issue 13): a confirmation link goes to the new address and the email changes
 * only once it is opened, so the page says where to look and that the old address still counts.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const { values, errors, busy, outcome, set, onSubmit } = useAccountForm(EMPTY, {
    check: (v) => {
      const email = v.email.trim();
      return compact({
        email:
          !EMAIL_PATTERN.test(email) || email.length > MAX_EMAIL
            ? 'Enter a valid email address.'
            : email.toLowerCase() === currentEmail?.toLowerCase()
              ? 'This is already your email address.'
              : undefined,
        password: v.password ? undefined : 'Enter your current password.',
      });
    },
    send: (v) => changeEmail({ newEmail: v.email.trim(), currentPassword: v.password }),
    fieldOf,
  });

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
