// Standalone dev harness (`npm run dev -w mf-public`): this remote's pages with their own router and
// toasts, as the shell would compose them. Never part of the exposed modules.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { configureApi, TIMINGS } from '@rotalink/shared-api';
import Landing from './exposed/landing';
import Legal from './exposed/legal';
import Login from './exposed/login';
import Signup from './exposed/signup';
import ForgotPassword from './exposed/forgot-password';
import ResetPassword from './exposed/reset-password';
import ConfirmEmail from './exposed/confirm-email';
import PaymentSuccess from './exposed/payment-success';
import PublicProfile from './exposed/public-profile';

// API base: http://localhost:4000 unless ?api= says otherwise (frontend contract).
configureApi({ baseURL: new URLSearchParams(window.location.search).get('api') || 'http://localhost:4000' });

function Harness() {
  return (
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <nav style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, borderBottom: '1px solid #e5e7eb', fontFamily: 'system-ui' }}>
        <strong>mf_public dev ({process.env.BUILD_ID})</strong>
        <Link to="/">Landing</Link>
        <Link to="/login">Login</Link>
        <Link to="/signup">Signup</Link>
        <Link to="/forgotpassword">Forgot</Link>
        <Link to="/terms">Terms</Link>
      </nav>
      <main className="rl-main" style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/terms" element={<Legal page="terms" />} />
          <Route path="/privacy" element={<Legal page="privacy" />} />
          <Route path="/refundpolicy" element={<Legal page="refund" />} />
          <Route path="/login" element={<Login />} />
          <Route path="/signup" element={<Signup />} />
          <Route path="/forgotpassword" element={<ForgotPassword />} />
          <Route path="/resetpassword" element={<ResetPassword />} />
          <Route path="/confirm-email" element={<ConfirmEmail />} />
          <Route path="/payment-success" element={<PaymentSuccess />} />
          <Route path="/profile" element={<PublicProfile />} />
          <Route path="/user" element={<p>The member dashboard lives in mf_member (signed in).</p>} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
