import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from './use-session';

/**
 * Guarded routes of spec §2: no stored token → /login. Because the token is subscribed to, a
 * sign-out in another tab also sends an open guarded page to /login.
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
