import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSessionEndedHandler } from '@rotalink/shared-api';

/**
 * Spec §4/§8: when a call answers 'Unauthorized: jwt expired' or '... invalid signature',
 * shared-api clears the token and calls this handler; the router then goes to /login.
 */
export function SessionEndedBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionEndedHandler(() => navigate('/login', { replace: true }));
    return () => setSessionEndedHandler(null);
  }, [navigate]);
  return null;
}
