import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from '@rotalink/shared-api';
import { sessionEnded, sessionEndedState } from './session-end';

/**
 * Guarded routes of spec §2: no stored token → /login. Because the token is subscribed to, a
 * sign-out in another tab also sends an open guarded page to /login. When the server ended the
 * session, this redirect carries the reason too (it may land after the session-ended handler's).
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    const state = { from: location.pathname + location.search, ...(sessionEnded() ? sessionEndedState() : {}) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
