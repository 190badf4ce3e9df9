import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSessionEndedHandler } from '@rotalink/shared-api';
import { SESSION_ENDED_REASON } from './session-end';

/**
 * Spec §4/§8: when a call that carried the token answers with the code 'session-ended' (the
 * server's 'Unauthorized: jwt expired' / '... invalid signature'), shared-api clears the token
 * and calls this handler; the router then goes to /login, telling the sign-in page why
 * (issue 13), so the person is not dropped there without a word.
 */
export function SessionEndedBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionEndedHandler(() => navigate('/login', { replace: true, state: { reason: SESSION_ENDED_REASON } }));
    return () => setSessionEndedHandler(null);
  }, [navigate]);
  return null;
}
