// Standalone dev harness (`npm run dev -w mf-member`): this remote's pages with their own router,
// toasts, token guard and a minimal sign-in, as the shell would compose them. Never exposed.
import { StrictMode, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { ToastContainer, toast } from 'react-toastify';
import { configureApi, errorText, login, MESSAGES, setSessionEndedHandler, TIMINGS, tokenStore, useToken } from '@rotalink/shared-api';
import './components/mem.css';
import Dashboard from './exposed/dashboard';
import EditProfile from './exposed/edit-profile';
import AddProfile from './exposed/add-profile';
import EditSubProfile from './exposed/edit-sub-profile';
import AddLinks from './exposed/add-links';
import AccountSettings from './exposed/account-settings';
import Stats from './exposed/stats';

// API base: http://localhost:4000 unless ?api= says otherwise (front-end contract).
configureApi({ baseURL: new URLSearchParams(window.location.search).get('api') || 'http://localhost:4000' });

function Guard({ children }: { children: ReactNode }) {
  return useToken() ? <>{children}</> : <Navigate to="/login" replace />;
}

function DevLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { token } = await login({ email, password });
      tokenStore.setSession(token);
      navigate('/user');
    } catch (error) {
      toast.error(errorText(error, MESSAGES.loginFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mem-page mem-card mem-form" onSubmit={onSubmit} style={{ maxWidth: 420 }}>
      <h1>Dev sign-in</h1>
      <label className="mem-field">
        Email
        <input className="mem-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="mem-field">
        Password
        <input className="mem-input" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button className="mem-btn" disabled={busy}>
        Sign in
      </button>
    </form>
  );
}

function SessionEnded() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionEndedHandler(() => navigate('/login'));
    return () => setSessionEndedHandler(null);
  }, [navigate]);
  return null;
}

function Harness() {
  const token = useToken();
  return (
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <SessionEnded />
      <nav style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, borderBottom: '1px solid #e5e7eb', fontFamily: 'system-ui' }}>
        <strong>mf_member dev ({process.env.BUILD_ID})</strong>
        <Link to="/user">Dashboard</Link>
        <Link to="/editprofile">Edit profile</Link>
        <Link to="/addprofile">Add sub-profile</Link>
        <Link to="/account">Account</Link>
        {token ? (
          <button type="button" onClick={() => tokenStore.clear()}>
            Logout
          </button>
        ) : (
          <Link to="/login">Sign in</Link>
        )}
      </nav>
      <main className="rl-main" style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
        <Routes>
          <Route path="/login" element={<DevLogin />} />
          <Route
            path="/user"
            element={
              <Guard>
                <Dashboard />
              </Guard>
            }
          />
          <Route
            path="/editprofile"
            element={
              <Guard>
                <EditProfile />
              </Guard>
            }
          />
          <Route
            path="/addprofile"
            element={
              <Guard>
                <AddProfile />
              </Guard>
            }
          />
          <Route
            path="/editsubprofile"
            element={
              <Guard>
                <EditSubProfile />
              </Guard>
            }
          />
          <Route
            path="/Addlinks"
            element={
              <Guard>
                <AddLinks />
              </Guard>
            }
          />
          <Route
            path="/account"
            element={
              <Guard>
                <AccountSettings />
              </Guard>
            }
          />
          <Route
            path="/stats"
            element={
              <Guard>
                <Stats />
              </Guard>
            }
          />
          <Route path="/profile" element={<p>The public page lives in mf_public.</p>} />
          <Route path="*" element={<Navigate to="/user" replace />} />
        </Routes>
      </main>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
    </BrowserRouter>
  );
}

document.body.style.margin = '0';
document.body.style.background = 'var(--rl-bg, #f6f7fb)';
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
