import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSessionEndedHandler } from '@rotalink/shared-api';
import { sessionEndedState, watchSessionHolder } from './session-end';

/**
 * Spec §4/§8: when a call that carried the token answers with the code 'session-ended' (the
 * server's 'Unauthorized: jwt expired' / '... invalid signature'), shared-api clears the token
 * and calls this handler; the router then goes to /login, telling the sign-in page why
 * (issue 13), so the person is not dropped there without a word, and whether the session was the
 * administrator's (so that page also offers /admin).
 */
export function SessionEndedBridge() {
  const navigate = useNavigate();
  useEffect(() => watchSessionHolder(), []);
  useEffect(() => {
    setSessionEndedHandler(() => {
      // Issue 29: the sign-in page brings the person back to the page they were on.
      const here = window.location.pathname + window.location.search;
      const from = window.location.pathname === '/login' ? {} : { from: here };
      navigate('/login', { replace: true, state: { ...sessionEndedState(), ...from } });
    });
    return () => setSessionEndedHandler(null);
  }, [navigate]);
  return null;
}
