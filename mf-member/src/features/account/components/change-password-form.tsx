import { MAX_PASSWORD, MESSAGES, MIN_PASSWORD, changePassword, errorKind, tokenStore } from '@rotalink/shared-api';
import { TextField } from '../../../components/field';
import { compact } from '../../../components/validation';
import { useAccountForm } from '../hooks/use-account-form';

type Fields = 'current' | 'next' | 'confirm';
const EMPTY: Record<Fields, string> = { current: '', next: '', confirm: '' };

function check(v: Record<Fields, string>): Partial<Record<Fields, string>> {
  return compact({
    current: v.current ? undefined : 'Enter your current password.',
    next: !v.next
      ? 'Enter a new password.'
      : v.next.length < MIN_PASSWORD
        ? `The new password needs at least ${MIN_PASSWORD} characters.`
        : v.next.length > MAX_PASSWORD
          ? `The new password must be at most ${MAX_PASSWORD} characters.`
          : v.next === v.current
            ? 'The new password must be different from the current one.'
            : undefined,
    confirm: v.confirm === v.next ? undefined : MESSAGES.passwordsDoNotMatch,
  });
}

/**
 * Change password (issue 13): the current one proves who is asking. The server ends every other
 * session and answers a fresh token, stored here so this tab (and the others of this browser)
 * stay signed in.
 */
export function ChangePasswordForm() {
  const { values, errors, busy, outcome, set, onSubmit } = useAccountForm(EMPTY, {
    check,
    send: async (v) => {
      const answer = await changePassword({ currentPassword: v.current, newPassword: v.next });
      tokenStore.setSession(answer.token);
      return answer;
    },
    // The browser checks the new password first, so a 400 left is a wrong current password.
    fieldOf: (error) => (errorKind(error) === 'invalid' ? 'current' : undefined),
  });

  return (
    <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <h2>Change password</h2>
      {outcome && (
        <div className={outcome.ok ? 'mem-notice' : 'mem-alert'} role={outcome.ok ? 'status' : undefined}>
          {outcome.text}
        </div>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={MAX_PASSWORD}
        value={values.current}
        error={errors.current}
        onChange={(e) => set('current', e.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD} characters. You stay signed in here; other devices are signed out.`}
        maxLength={MAX_PASSWORD}
        value={values.next}
        error={errors.next}
        onChange={(e) => set('next', e.target.value)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD}
        value={values.confirm}
        error={errors.confirm}
        onChange={(e) => set('confirm', e.target.value)}
      />
      <div className="mem-actions">
        <button type="submit" className="mem-btn" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
