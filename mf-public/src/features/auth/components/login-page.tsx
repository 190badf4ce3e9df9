import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { login, MESSAGES, tokenStore } from '@rotalink/shared-api';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { serverTextOr } from '../../../components/validation';

type Errors = { email?: string; password?: string };

/** /login — spec §2, §5 (both fields required), §8 (server error or 'Login failed!'). */
export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (!email.trim()) next.email = 'Email is required.';
    if (!password) next.password = 'Password is required.';
    setErrors(next);
    setFailure(null);
    if (next.email || next.password) return;

    setBusy(true);
    try {
      const answer = await login({ email: email.trim(), password });
      if (answer.status !== 'SUCCESS' || !answer.token) {
        setFailure(MESSAGES.loginFailed);
        setBusy(false);
        return;
      }
      tokenStore.setSession(answer.token);
      toast.success(answer.message || 'Signed in.');
      navigate('/user');
    } catch (error) {
      setFailure(serverTextOr(error, MESSAGES.loginFailed));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      lead="Welcome back. Sign in to manage your links and profiles."
      footer={
        <>
          <Link className="pub-link" to="/forgotpassword">
            Forgot password?
          </Link>
          <span className="pub-muted">
            New to Rotalink?{' '}
            <Link className="pub-link" to="/signup">
              Create an account
            </Link>
          </span>
        </>
      }
    >
      <form className="pub-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
        {failure && <FormAlert kind="error">{failure}</FormAlert>}
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
