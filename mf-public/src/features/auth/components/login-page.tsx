import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorText, login, MESSAGES, tokenStore, SESSION_ENDED_REASON } from '@rotalink/shared-api';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { returnPathFrom, SUBSCRIBE_PATH } from '../../../components/return-to';

type Errors = { email?: string; password?: string };

/** Shown when the shell sent the person here because the server ended their session (issue 13). */
export const SESSION_ENDED_TEXT = MESSAGES.sessionEnded;

/**
 * Whose session the server ended, from the shell's navigation state `{ reason: SESSION_ENDED_REASON }`,
 * plus `admin: true` when it was the administrator's (shell/README.md, "Session end"); null otherwise.
 */
function endedSession(state: unknown): 'member' | 'admin' | null {
  const { reason, admin } = ((typeof state === 'object' && state) || {}) as { reason?: unknown; admin?: unknown };
  if (reason !== SESSION_ENDED_REASON) return null;
  return admin === true ? 'admin' : 'member';
}

/** The address sign-up hands over (`{ email }` in the navigation state), so a new member need not type it twice. */
function emailFrom(state: unknown): string {
  const { email } = ((typeof state === 'object' && state) || {}) as { email?: unknown };
  return typeof email === 'string' ? email : '';
}

/** /login — spec §2, §5 (both fields required), §8 (server error or 'Login failed!'). */
export function LoginPage() {
  const navigate = useNavigate();
  const state = useLocation().state;
  const ended = endedSession(state);
  // Issue 29: back to the page that asked for the sign-in (a guarded page, an ended session, Subscribe).
  const from = returnPathFrom(state);
  const [email, setEmail] = useState(() => emailFrom(state));
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
      navigate(from ?? '/user');
    } catch (error) {
      setFailure(errorText(error, MESSAGES.loginFailed, { network: `${MESSAGES.loginFailed}\n${MESSAGES.notReachedSignIn}` }));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      lead={
        from === SUBSCRIBE_PATH
          ? 'Sign in to subscribe. New here? Create an account first: you will come back to the checkout.'
          : 'Welcome back. Sign in to manage your links and profiles.'
      }
      footer={
        <>
          <Link className="pub-link" to="/forgotpassword">
            Forgot password?
          </Link>
          <span className="pub-muted">
            New to Rotalink?{' '}
            <Link className="pub-link" to="/signup" state={from ? { from } : undefined}>
              Create an account
            </Link>
          </span>
        </>
      }
    >
      <form className="pub-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : ended && <FormAlert kind="info">{SESSION_ENDED_TEXT}</FormAlert>}
        {/* The admin signs in at /admin with a username; this form asks a member's email. Kept after a failed try. */}
        {ended === 'admin' && (
          <Link className="pub-link pub-auth__admin" to="/admin">
            Administrator? Sign in at /admin
          </Link>
        )}
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
