import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorText, forgotPassword, MAX_EMAIL, MESSAGES } from '@rotalink/shared-api';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { isValidEmail } from '../../../components/validation';

type Outcome = { kind: 'success' | 'error'; text: string };

/** /forgotpassword — spec §8: server message or 'Password reset email sent!' / 'Something went wrong!'. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fieldError = !email.trim() ? 'Email is required.' : !isValidEmail(email) ? 'Enter a valid email address.' : undefined;
    setError(fieldError);
    setOutcome(null);
    if (fieldError) return;

    setBusy(true);
    try {
      const answer = await forgotPassword({ email: email.trim() });
      setOutcome({ kind: 'success', text: answer?.message || MESSAGES.forgotSent });
    } catch (err) {
      setOutcome({ kind: 'error', text: errorText(err, MESSAGES.somethingWentWrong, { network: MESSAGES.forgotNetwork }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      pageTitle="Forgot password"
      lead="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <Link className="pub-link" to="/login">
          Back to sign in
        </Link>
      }
    >
      <form className="pub-form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
        {outcome && <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert>}
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={MAX_EMAIL}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
