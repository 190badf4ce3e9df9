/*
 * Standalone dev harness (`npm run dev -w mf-admin`, port 3003): the admin pages with their own
 * router and toasts, as the shell would host them. Never loaded by the shell, which imports only
 * the exposed modules. API base: http://localhost:4000, or `?api=<url>` on the first load.
 */
import { StrictMode, useEffect, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { configureApi, setSessionEndedHandler, TIMINGS, tokenStore, useToken } from '@rotalink/shared-api';
import AdminLogin from './exposed/admin-login';
import AdminDashboard from './exposed/admin-dashboard';
import UserDetails from './exposed/user-details';
import './harness.css';

const API_KEY = 'mf-admin:api';
const fromQuery = new URLSearchParams(window.location.search).get('api');
if (fromQuery) sessionStorage.setItem(API_KEY, fromQuery); // survives navigation inside the harness
configureApi({ baseURL: fromQuery ?? sessionStorage.getItem(API_KEY) ?? 'http://localhost:4000' });

function Harness() {
  const navigate = useNavigate();
  const token = useToken();
  useEffect(() => {
    setSessionEndedHandler(() => navigate('/admin', { replace: true }));
    return () => setSessionEndedHandler(null);
  }, [navigate]);

  const guard = (page: ReactElement) => (token ? page : <Navigate to="/admin" replace />);
  return (
    <>
      <header className="adm-harness__bar">
        <strong>mf-admin (standalone)</strong>
        <nav>
          <Link to="/admin_dashboard">Users</Link>
          {token ? (
            <button
              type="button"
              onClick={() => {
                tokenStore.clear();
                navigate('/admin');
              }}
            >
              Sign out
            </button>
          ) : (
            <Link to="/admin">Sign in</Link>
          )}
        </nav>
      </header>
      <main className="rl-main">
        <Routes>
          <Route path="/admin" element={<AdminLogin />} />
          <Route path="/admin_dashboard" element={guard(<AdminDashboard />)} />
          <Route path="/user-details" element={guard(<UserDetails />)} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </main>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Harness />
    </BrowserRouter>
  </StrictMode>,
);
