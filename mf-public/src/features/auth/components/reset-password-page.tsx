import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorKind, errorText, MAX_PASSWORD, MESSAGES, MIN_PASSWORD, resetPassword, TIMINGS } from '@rotalink/shared-api';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';

type Errors = { password?: string; confirm?: string };
/** `deadLink`: the server refused the token itself (unknown, used or expired), so only a new link helps. */
type Outcome = { kind: 'success' | 'error'; text: string; deadLink?: boolean };

/** /resetpassword?token= — spec §5 (passwords must match), §8 and §9 (to /login after 2 s). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const done = outcome?.kind === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const requestNewLink = (
    <Link className="pub-link" to="/forgotpassword">
      Request a new reset link
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Reset your password" pageTitle="Reset password" footer={requestNewLink}>
        <FormAlert kind="error">This reset link has no token. Open the link from your email again, or request a new one.</FormAlert>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    const next: Errors = {};
    if (!password) next.password = 'Password is required.';
    else if (password.length < MIN_PASSWORD) next.password = `Password must be at least ${MIN_PASSWORD} characters.`;
    if (!confirm) next.confirm = 'Please confirm your password.';
    setErrors(next);
    setOutcome(null);
    if (next.password || next.confirm) return;
    if (password !== confirm) {
      setOutcome({ kind: 'error', text: MESSAGES.passwordsDoNotMatch }); // spec §5: no call
      return;
    }

    setBusy(true);
    try {
      const answer = await resetPassword({ token, password });
      if (answer?.status === 'SUCCESS') setOutcome({ kind: 'success', text: MESSAGES.resetSuccess });
      else setOutcome({ kind: 'error', text: answer?.message || MESSAGES.somethingWentWrong });
    } catch (err) {
      // spec §8: the server's reason (bad or used token), else 'Something went wrong!' (also offline).
      setOutcome({ kind: 'error', text: errorText(err, MESSAGES.somethingWentWrong), deadLink: errorKind(err) === 'invalid' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      pageTitle="Reset password"
      lead="Choose a new password for your account."
      footer={
        <>
          {outcome?.deadLink && requestNewLink}
          <Link className="pub-link" to="/login">
            Back to sign in
          </Link>
        </>
      }
    >
      <form className="pub-form" onSubmit={onSubmit} noValidate aria-label="Reset password">
        {outcome && (
          <FormAlert kind={outcome.kind}>
            {outcome.text}
            {done && ' Taking you to sign in…'}
          </FormAlert>
        )}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={MAX_PASSWORD}
          hint={`At least ${MIN_PASSWORD} characters.`}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm password"
          name="confirm"
          autoComplete="new-password"
          required
          maxLength={MAX_PASSWORD}
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <SubmitButton busy={busy || done} busyLabel={done ? 'Password changed' : 'Saving…'}>
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
