import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useIsAdmin, useToken } from '@rotalink/shared-api';
import { useAdminLogin } from '../hooks/use-admin-login';
import { AdminCodeForm } from './admin-code-form';
import { usePageTitle } from '../../../components/use-page-title';
import '../../../components/admin-ui.css';
import './admin-login.css';

/** /admin — the admin sign-in form (spec §2, §6). */
export function AdminLoginPage() {
  const { signIn, signInWithCode, startOver, codeAsked, submitting, error } = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const errorId = useId();
  usePageTitle('Admin sign in');
  const token = useToken();
  const isAdmin = useIsAdmin();
  const signedInAsAdmin = Boolean(token) && isAdmin;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!username.trim() || !password) {
      setMissing('Enter your username and password.');
      return;
    }
    setMissing(null);
    void signIn(username.trim(), password);
  }

  const message = missing ?? error;
  return (
    <section className="adm-page adm-login">
      <div className="adm-card adm-login__card">
        <h1>Admin sign in</h1>
        {signedInAsAdmin && (
          <p className="adm-muted adm-login__already">
            You are already signed in as the administrator. <Link to="/admin_dashboard">Go to the user list</Link>
          </p>
        )}
        {codeAsked && (
          <AdminCodeForm submitting={submitting} error={error} onSubmit={(code) => void signInWithCode(code)} onStartOver={startOver} />
        )}
        {!codeAsked && (
          <form onSubmit={onSubmit} noValidate className="adm-login__form" aria-describedby={message ? errorId : undefined}>
            <div className="adm-field">
              <label htmlFor="adm-username">Username</label>
              <input
                id="adm-username"
                className="adm-input"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <div className="adm-field">
              <label htmlFor="adm-password">Password</label>
              <div className="adm-login__password">
                <input
                  id="adm-password"
                  className="adm-input"
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <button type="button" className="adm-btn" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="adm-visually-hidden"> password</span>
                </button>
              </div>
            </div>
            {message && (
              <p id={errorId} className="adm-field-error" role="alert">
                {message}
              </p>
            )}
            <button type="submit" className="adm-btn adm-btn--primary" disabled={submitting}>
              {submitting ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
